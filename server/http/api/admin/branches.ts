import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { branchScope, type BranchScope } from '../../../auth/branch-scope';
import type { AppServices } from '../../../services';
import {
  branchStaffChoices,
  listBranchSettings,
  saveBranchSettings,
  type BranchSettings,
} from '../../../use-cases/branches/branch-settings';
import { chooseBranch } from '../../../use-cases/branches/choose-branch';
import { moveOrderToBranch } from '../../../use-cases/branches/order-branch';
import { registerBranchReader } from '../../../use-cases/branches/register-reader';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** A branch's settings as the contract has them. */
function settingsReply(b: BranchSettings) {
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    counter: b.counter,
    reader_id: b.readerId ?? '',
    hours: b.hours.map((h) => ({ weekday: h.weekday, opens_at: h.opensAt, closes_at: h.closesAt })),
    closures: b.closures.map((c) => ({ date: c.day, kind: c.kind, reason: c.reason })),
    districts: b.districts,
    staff_ids: b.staffIds,
    counter_speeds: {
      turnaround_days: b.counterSpeeds.turnaroundDays,
      express_percent: b.counterSpeeds.expressPercent,
      same_day_percent: b.counterSpeeds.sameDayPercent,
      same_day_cutoff: b.counterSpeeds.sameDayCutoff,
    },
  };
}

function scopeReply(scope: BranchScope) {
  return { current: scope.current, choices: scope.choices, must_choose: scope.mustChoose };
}

/**
 * Branches that work (issue 32): the owner edits branches; owner and staff choose the branch
 * they work in and move orders between branches; a driver reaches none of it (403).
 */
export function adminBranchRoutes(app: FastifyInstance, services: AppServices) {
  const staffOnly = { preHandler: staffGuard(services, ['owner', 'staff']) };
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const e = api.admin;

  route(app, e.branchSettings, ownerOnly, async () => ({
    status: true,
    branches: (await listBranchSettings(services)).map(settingsReply),
    staff: await branchStaffChoices(services),
  }));
  route(
    app,
    e.registerBranchReader,
    { ...ownerOnly, invalidMessage: 'Enter the pairing code shown on the reader.' },
    async ({ params, body }, request) => {
      const paired = await registerBranchReader(services, {
        actor: staffOf(request),
        branchId: params.id,
        registrationCode: body.registration_code,
      });
      return {
        status: true,
        message: `The reader is paired: ${paired.branch} takes cards on it.`,
        reader_id: paired.readerId,
      };
    },
  );
  route(
    app,
    e.saveBranchSettings,
    { ...ownerOnly, invalidMessage: 'Please check the branch’s settings.' },
    async ({ params, body }, request) => {
      const saved = await saveBranchSettings(services, {
        actor: staffOf(request),
        branchId: params.id,
        counter: body.counter,
        readerId: body.reader_id,
        hours: body.hours.map((h) => ({
          weekday: h.weekday,
          opensAt: h.opens_at,
          closesAt: h.closes_at,
        })),
        closures: body.closures.map((c) => ({ day: c.date, kind: c.kind, reason: c.reason })),
        districts: body.districts,
        staffIds: body.staff_ids,
        counterSpeeds: body.counter_speeds && {
          turnaroundDays: body.counter_speeds.turnaround_days,
          expressPercent: body.counter_speeds.express_percent,
          sameDayPercent: body.counter_speeds.same_day_percent,
          sameDayCutoff: body.counter_speeds.same_day_cutoff,
        },
      });
      return { status: true, message: `${saved.name} saved.`, branch: settingsReply(saved) };
    },
  );
  route(app, e.workingBranch, staffOnly, async (_, request) => ({
    status: true,
    branch: scopeReply(await branchScope(services.db, staffOf(request))),
  }));
  route(
    app,
    e.chooseWorkingBranch,
    { ...staffOnly, invalidMessage: 'Choose the branch you are working in.' },
    async ({ body }, request) => {
      const scope = await chooseBranch(services, {
        staff: staffOf(request),
        branchId: body.branch_id,
      });
      const name = scope.choices.find((b) => b.id === scope.current)?.name;
      return {
        status: true,
        message: name ? `You are working in ${name}.` : 'You see every branch.',
        branch: scopeReply(scope),
      };
    },
  );
  route(
    app,
    e.moveOrderBranch,
    { ...staffOnly, invalidMessage: 'Choose a branch.' },
    async ({ params, body }, request) => {
      const staff = staffOf(request);
      const moved = await moveOrderToBranch(services, {
        actor: staff,
        scope: await branchScope(services.db, staff),
        orderId: params.id,
        branchId: body.branch_id,
      });
      return {
        status: true,
        message: `Moved to ${moved.name}.`,
        branch: { id: moved.branchId, name: moved.name },
      };
    },
  );
}
