import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import { addStaff, listStaff, setStaffDisabled, unlockStaff } from '../../../use-cases/admin/staff';
import { setStaffBranches } from '../../../use-cases/branches/branch-settings';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** Staff accounts (owner only): listed with their failed sign-ins, added, disabled, unlocked. */
export function adminStaffRoutes(app: FastifyInstance, services: AppServices) {
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const e = api.admin;

  route(app, e.staff, ownerOnly, async () => ({
    status: true,
    staff: await listStaff(services),
  }));
  route(
    app,
    e.addStaff,
    { ...ownerOnly, invalidMessage: 'Please check the highlighted fields.' },
    async ({ body }, request) => {
      const created = await addStaff(services, { ...body, actor: staffOf(request) });
      return { status: true, message: `${created.name} can now sign in.`, staff: created };
    },
  );
  route(app, e.setStaffDisabled, ownerOnly, async ({ params, body }, request) => {
    await setStaffDisabled(services, {
      actor: staffOf(request),
      staffId: params.id,
      disabled: body.disabled,
    });
    return { status: true, message: body.disabled ? 'Account disabled.' : 'Account enabled.' };
  });
  route(
    app,
    e.setStaffBranches,
    { ...ownerOnly, invalidMessage: 'Choose branches from the list.' },
    async ({ params, body }, request) => {
      const branchIds = await setStaffBranches(services, {
        actor: staffOf(request),
        staffId: params.id,
        branchIds: body.branch_ids,
      });
      return { status: true, message: 'Branches saved.', branch_ids: branchIds };
    },
  );
  route(app, e.unlockStaff, ownerOnly, async ({ params }, request) => {
    const unlocked = await unlockStaff(services, { actor: staffOf(request), staffId: params.id });
    return {
      status: true,
      message: `${unlocked.name} can sign in again from any address.`,
      cleared: unlocked.cleared,
    };
  });
}
