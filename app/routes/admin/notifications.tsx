import { redirect } from 'react-router';
import { pushCopy } from '@shared/push';
import { formFields } from '~/components/form/form-action.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { StaffPushDevices } from '~/features/admin/staff-push-devices';
import { listDevices, removeDevice, staffPushDeviceView } from '~/server/push.server';
import type { Route } from './+types/notifications';

/**
 * /admin/notifications: a member of staff's push notifications for new orders and new cases
 * at their branch (issue 33, decisions 060 and 064): turned on per device, listed, removed.
 * Owners and staff; a driver is sent to their view.
 */

export function meta() {
  return [{ title: 'Notifications · Back office' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  const devices = await listDevices(services, { owner: { staffId: staff.id } });
  return {
    devices: devices.map(staffPushDeviceView),
    pushKey: services.push.publicKey,
    notice: url.searchParams.get('done') === 'device-removed' ? pushCopy.removed : null,
  };
}

/** Remove: a plain form post, so it works before hydration. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const staff = await requireStaffPage(context.services, { request, url });
  const fields = await formFields(request);
  if (fields.intent === 'remove-device') {
    try {
      await removeDevice(context.services, {
        owner: { staffId: staff.id },
        deviceId: fields.id ?? '',
      });
    } catch (error) {
      // Already removed (a second click, another tab): it is gone either way.
      if (!(error instanceof Error && 'kind' in error && error.kind === 'not-found')) throw error;
    }
  }
  return redirect('/admin/notifications?done=device-removed', 303);
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AdminNotifications({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Notifications</h1>
      <StaffPushDevices
        devices={loaderData.devices}
        publicKey={loaderData.pushKey}
        notice={loaderData.notice}
      />
    </div>
  );
}
