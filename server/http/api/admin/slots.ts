import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { AppServices } from '../../../services';
import {
  addClosedDate,
  removeClosedDate,
  saveSlotRules,
  slotOverview,
} from '../../../use-cases/admin/slots';
import { route } from '../../contract-routes';
import { staffGuard, staffOf } from '../../identity';

/** The slot rules (owner only), closed dates and how full the next days are. */
export function adminSlotRoutes(app: FastifyInstance, services: AppServices) {
  const staffOnly = { preHandler: staffGuard(services) };
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const e = api.admin;

  route(app, e.slots, staffOnly, async () => ({
    status: true,
    ...(await slotOverview(services)),
  }));
  route(
    app,
    e.saveSlotRules,
    { ...ownerOnly, invalidMessage: 'Please check the slot rules.' },
    async ({ body }, request) => {
      await saveSlotRules(services, { ...body, actor: staffOf(request) });
      return { status: true, message: 'Slot rules saved. New bookings use them at once.' };
    },
  );
  route(
    app,
    e.addClosedDate,
    { ...staffOnly, invalidMessage: 'Please check the closed date.' },
    async ({ body }, request) => {
      await addClosedDate(services, { ...body, actor: staffOf(request) });
      return { status: true, message: 'Closed date saved.' };
    },
  );
  route(app, e.removeClosedDate, staffOnly, async ({ params }, request) => {
    await removeClosedDate(services, { actor: staffOf(request), day: params.day });
    return { status: true, message: 'The shop is open that day again.' };
  });
}
