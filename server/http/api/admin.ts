import express, { Router } from 'express';
import { z } from 'zod';
import { isCatalogueEntity, UPLOAD_MAX_BYTES } from '@shared/catalogue-admin';
import { pipelineStatuses } from '@shared/order-pipeline';
import { parsePounds } from '@shared/money';
import {
  clearedStaffCookie,
  getCurrentStaff,
  requireStaff,
  revokeStaffSession,
  staffCookie,
  staffLogIn,
  staffOf,
} from '../../auth/staff';
import { clientIp, isSecure } from '../../auth/middleware';
import { NotFoundError } from '../../errors';
import type { AppServices } from '../../services';
import { listAudit } from '../../use-cases/admin/audit';
import {
  deleteCatalogueRecord,
  listCatalogue,
  saveCatalogueRecord,
} from '../../use-cases/admin/catalogue';
import { customerDetail, exportCustomer, searchCustomers } from '../../use-cases/admin/customers';
import {
  adminOrderDetail,
  listOrders,
  londonToday,
  moveOrder,
  orderBoard,
  sendInvoice,
  setOrderItems,
} from '../../use-cases/admin/orders';
import {
  addClosedDate,
  removeClosedDate,
  saveSlotRules,
  slotOverview,
} from '../../use-cases/admin/slots';
import { addStaff, listStaff, setStaffDisabled } from '../../use-cases/admin/staff';
import { storeImage } from '../../use-cases/admin/uploads';
import { chargeSavedCard } from '../../use-cases/payments/charge-order';
import { parseBody, parseParams } from '../parse';

const uuidParams = z.object({ id: z.uuid({ error: 'We could not find that record.' }) });
const dayQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must look like 2026-11-23.')
    .optional(),
});
const loginInput = z.object({
  email: z.string({ error: 'Please enter your e-mail and password.' }).trim().min(1).max(200),
  password: z.string({ error: 'Please enter your e-mail and password.' }).min(1).max(200),
});
const moveInput = z.object({
  to: z.enum(pipelineStatuses, { error: 'Choose a valid next status.' }),
  from: z.string().optional(),
});
const money = (message: string) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const pence = parsePounds(String(v));
    if (pence === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return pence;
  });
const itemsInput = z.object({
  lines: z
    .array(
      z.object({
        service_id: z.coerce
          .number({ error: 'Choose an item from the price list.' })
          .int()
          .positive(),
        quantity: z.coerce
          .number({ error: 'Enter a quantity.' })
          .int('Enter a whole quantity.')
          .min(1, 'Enter a quantity of at least 1.')
          .max(500, 'That quantity is too large.'),
        unit_price: money('Enter a price like 12.50.').optional(),
      }),
    )
    .max(200, 'Too many lines.'),
  discount: money('Enter a discount like 5.00.').default(0),
});

/** /api/admin: the shop's back office (issue 7). Every route checks the role on the server. */
export function adminRoutes(services: AppServices): Router {
  const router = Router();
  const secure = isSecure(services);
  const deps = {
    db: services.db,
    mail: services.mail,
    brand: services.config.brand,
    publicUrl: services.config.publicUrl,
  };
  const staffOnly = requireStaff(services);
  const ownerOnly = requireStaff(services, ['owner']);
  const now = () => services.now();

  router.post('/admin/login', async (req, res) => {
    const input = parseBody(loginInput, req.body, 'Please enter your e-mail and password.');
    const result = await staffLogIn(services.db, { ...input, ip: clientIp(req) }, now());
    res.append('Set-Cookie', staffCookie(result.token, { secure, expires: result.expiresAt }));
    res.json({ status: true, staff: result.staff, token: result.token });
  });

  router.post('/admin/logout', async (req, res) => {
    const staff = await getCurrentStaff(
      services.db,
      { cookie: req.headers.cookie, authorization: req.headers.authorization },
      now(),
    );
    if (staff) await revokeStaffSession(services.db, staff.sessionId, now());
    res.append('Set-Cookie', clearedStaffCookie({ secure }));
    res.json({ status: true, message: 'You have signed out.' });
  });

  router.get('/admin/me', staffOnly, (_req, res) => {
    const { id, name, email, role } = staffOf(res);
    res.json({ status: true, staff: { id, name, email, role } });
  });

  // ─── Orders ───
  router.get('/admin/board', staffOnly, async (req, res) => {
    const { date } = parseParams(dayQuery, req.query);
    res.json({ status: true, board: await orderBoard(services.db, date ?? londonToday(now())) });
  });

  router.get('/admin/orders', staffOnly, async (req, res) => {
    const { status, q } = parseParams(
      z.object({ status: z.enum(pipelineStatuses).optional(), q: z.string().max(100).optional() }),
      req.query,
    );
    res.json({ status: true, orders: await listOrders(services.db, { status, search: q }) });
  });

  router.get('/admin/orders/:id', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    res.json({ status: true, order: await adminOrderDetail(services.db, id) });
  });

  router.post('/admin/orders/:id/status', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    const input = parseBody(moveInput, req.body, 'Choose a valid next status.');
    const moved = await moveOrder(deps, staffOf(res), { orderId: id, ...input }, now());
    res.json({
      status: true,
      message: `${moved.order_no} is now ${moved.status}.`,
      order_no: moved.order_no,
      order_status: moved.status,
      emailed: moved.emailed,
    });
  });

  router.put('/admin/orders/:id/items', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    const input = parseBody(itemsInput, req.body, 'Please check the items.');
    const totals = await setOrderItems(
      deps,
      staffOf(res),
      {
        orderId: id,
        discountPence: input.discount,
        lines: input.lines.map((l) => ({
          service_id: l.service_id,
          quantity: l.quantity,
          unit_price_pence: l.unit_price,
        })),
      },
      now(),
    );
    res.json({ status: true, message: 'Items and totals saved.', ...totals });
  });

  router.post('/admin/orders/:id/invoice', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    const sent = await sendInvoice(deps, staffOf(res), id, now());
    res.json({ status: true, ...sent });
  });

  router.post('/admin/orders/:id/charge', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    const outcome = await chargeSavedCard(
      { ...deps, card: services.payments.card },
      id,
      now(),
      staffOf(res),
    );
    res.json({
      status: outcome.status === 'succeeded',
      charge_status: outcome.status,
      message: outcome.message,
    });
  });

  // ─── Slots ───
  router.get('/admin/slots', staffOnly, async (_req, res) => {
    res.json({ status: true, ...(await slotOverview(services.db, now())) });
  });
  router.put('/admin/slots/rules', ownerOnly, async (req, res) => {
    await saveSlotRules(services.db, staffOf(res), req.body, now());
    res.json({ status: true, message: 'Slot rules saved. New bookings use them at once.' });
  });
  router.post('/admin/slots/closed-dates', staffOnly, async (req, res) => {
    await addClosedDate(services.db, staffOf(res), req.body, now());
    res.json({ status: true, message: 'Closed date saved.' });
  });
  router.delete('/admin/slots/closed-dates/:day', staffOnly, async (req, res) => {
    const { day } = parseParams(
      z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Not a date.') }),
      req.params,
    );
    await removeClosedDate(services.db, staffOf(res), day, now());
    res.json({ status: true, message: 'The shop is open that day again.' });
  });

  // ─── Catalogue ───
  const entityParams = z.object({
    entity: z.string().refine(isCatalogueEntity, 'There is no such part of the catalogue.'),
  });
  const recordParams = entityParams.extend({
    id: z.coerce.number({ error: 'Not a record id.' }).int().positive('Not a record id.'),
  });
  router.get('/admin/catalogue/:entity', staffOnly, async (req, res) => {
    const { entity } = parseParams(entityParams, req.params);
    if (!isCatalogueEntity(entity)) throw new NotFoundError();
    res.json({ status: true, ...(await listCatalogue(services.db, entity)) });
  });
  router.post('/admin/catalogue/:entity', staffOnly, async (req, res) => {
    const { entity } = parseParams(entityParams, req.params);
    if (!isCatalogueEntity(entity)) throw new NotFoundError();
    const record = await saveCatalogueRecord(
      services.db,
      staffOf(res),
      entity,
      null,
      req.body,
      now(),
    );
    res.status(201).json({ status: true, message: 'Saved. It is on the website now.', record });
  });
  router.put('/admin/catalogue/:entity/:id', staffOnly, async (req, res) => {
    const { entity, id } = parseParams(recordParams, req.params);
    if (!isCatalogueEntity(entity)) throw new NotFoundError();
    const record = await saveCatalogueRecord(
      services.db,
      staffOf(res),
      entity,
      id,
      req.body,
      now(),
    );
    res.json({ status: true, message: 'Saved. It is on the website now.', record });
  });
  router.delete('/admin/catalogue/:entity/:id', staffOnly, async (req, res) => {
    const { entity, id } = parseParams(recordParams, req.params);
    if (!isCatalogueEntity(entity)) throw new NotFoundError();
    await deleteCatalogueRecord(services.db, staffOf(res), entity, id, now());
    res.json({ status: true, message: 'Deleted.' });
  });

  // Images: the raw bytes, checked by content (not by name or claimed type), kept in PostgreSQL.
  router.post(
    '/admin/uploads',
    staffOnly,
    express.raw({ type: () => true, limit: UPLOAD_MAX_BYTES }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.status(201).json({ status: true, path: await storeImage(services.db, body) });
    },
  );

  // ─── Customers ───
  router.get('/admin/customers', staffOnly, async (req, res) => {
    const { q } = parseParams(z.object({ q: z.string().max(100).default('') }), req.query);
    res.json({ status: true, customers: await searchCustomers(services.db, q) });
  });
  router.get('/admin/customers/:id', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    res.json({ status: true, customer: await customerDetail(services.db, id) });
  });
  router.get('/admin/customers/:id/export', staffOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    const data = await exportCustomer(services.db, staffOf(res), id, now());
    res.setHeader('Content-Disposition', `attachment; filename="customer-${id}.json"`);
    res.json(data);
  });

  // ─── Owner only ───
  router.get('/admin/audit', ownerOnly, async (req, res) => {
    const filter = parseParams(
      z.object({
        entity: z.string().max(50).optional(),
        entity_id: z.string().max(100).optional(),
        before: z.coerce.number().int().positive().optional(),
      }),
      req.query,
    );
    res.json({
      status: true,
      entries: await listAudit(services.db, {
        entity: filter.entity,
        entityId: filter.entity_id,
        beforeId: filter.before,
      }),
    });
  });
  router.get('/admin/staff', ownerOnly, async (_req, res) => {
    res.json({ status: true, staff: await listStaff(services.db) });
  });
  router.post('/admin/staff', ownerOnly, async (req, res) => {
    const created = await addStaff(services.db, staffOf(res), req.body, now());
    res
      .status(201)
      .json({ status: true, message: `${created.name} can now sign in.`, staff: created });
  });
  router.post('/admin/staff/:id/disabled', ownerOnly, async (req, res) => {
    const { id } = parseParams(uuidParams, req.params);
    const { disabled } = parseBody(z.object({ disabled: z.boolean() }), req.body);
    await setStaffDisabled(services.db, staffOf(res), id, disabled, now());
    res.json({ status: true, message: disabled ? 'Account disabled.' : 'Account enabled.' });
  });

  return router;
}
