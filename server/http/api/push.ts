import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { pushCopy } from '@shared/push';
import type { AppServices } from '../../services';
import { listDevices, removeDevice, subscribeDevice } from '../../use-cases/messages/push-devices';
import { pushDeviceView, staffPushDeviceView } from '../../use-cases/messages/present-push-devices';
import { route } from '../contract-routes';
import { customerGuard, customerOf, staffGuard, staffOf } from '../identity';

/**
 * Web Push (issue 33, decision 060): the VAPID key, and the devices of the signed-in customer
 * (/api/account/push/…) or member of staff (/api/admin/push/…).
 */
export function pushRoutes(app: FastifyInstance, services: AppServices) {
  const e = api.push;
  const loggedIn = { preHandler: customerGuard(services) };
  const customer = (request: Parameters<typeof customerOf>[0]) => ({
    customerId: customerOf(request).id,
  });

  route(app, e.pushKey, {}, async () => ({ status: true, public_key: services.push.publicKey }));

  route(
    app,
    e.subscribePush,
    { ...loggedIn, invalidMessage: pushCopy.invalid },
    async ({ body }, request) => {
      const row = await subscribeDevice(services, {
        owner: customer(request),
        subscription: body,
        userAgent: request.headers['user-agent'],
      });
      return { status: true, message: pushCopy.subscribed, device: pushDeviceView(row) };
    },
  );

  route(app, e.listPushDevices, loggedIn, async (_, request) => {
    const rows = await listDevices(services, { owner: customer(request) });
    return { status: true, devices: rows.map(pushDeviceView) };
  });

  route(app, e.removePushDevice, loggedIn, async ({ params }, request) => {
    await removeDevice(services, { owner: customer(request), deviceId: params.id });
    return { status: true, message: pushCopy.removed };
  });

  const a = api.adminPush;
  const staff = { preHandler: staffGuard(services) };

  route(
    app,
    a.subscribeStaffPush,
    { ...staff, invalidMessage: pushCopy.invalid },
    async ({ body }, request) => {
      const row = await subscribeDevice(services, {
        owner: { staffId: staffOf(request).id },
        subscription: body,
        userAgent: request.headers['user-agent'],
        staffEvents: body.events,
      });
      return { status: true, message: pushCopy.subscribed, device: staffPushDeviceView(row) };
    },
  );

  route(app, a.listStaffPushDevices, staff, async (_, request) => {
    const rows = await listDevices(services, { owner: { staffId: staffOf(request).id } });
    return { status: true, devices: rows.map(staffPushDeviceView) };
  });

  route(app, a.removeStaffPushDevice, staff, async ({ params }, request) => {
    await removeDevice(services, { owner: { staffId: staffOf(request).id }, deviceId: params.id });
    return { status: true, message: pushCopy.removed };
  });
}
