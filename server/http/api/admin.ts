import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import type { CatalogueEntity } from '@shared/catalogue-admin';
import { londonToday } from '@shared/london-time';
import { isSecure } from '../../auth/middleware';
import {
  clearedStaffCookie,
  getCurrentStaff,
  revokeStaffSession,
  staffCookie,
} from '../../auth/staff';
import { staffLogIn } from '../../use-cases/admin/staff-log-in';
import type { AppServices } from '../../services';
import { listAudit } from '../../use-cases/audit/list-audit';
import {
  deleteCatalogueRecord,
  listCatalogue,
  saveCatalogueRecord,
} from '../../use-cases/admin/catalogue';
import { customerDetail, exportCustomer, searchCustomers } from '../../use-cases/admin/customers';
import { listOrders } from '../../use-cases/orders/list-orders';
import { moveOrder } from '../../use-cases/orders/move-order';
import { orderBoard } from '../../use-cases/orders/order-board';
import { adminOrderDetail } from '../../use-cases/orders/order-detail';
import { sendInvoice } from '../../use-cases/orders/send-invoice';
import { setOrderItems } from '../../use-cases/orders/set-order-items';
import { boardView, orderListRowView } from '../../use-cases/orders/present-board';
import {
  adminOrderView,
  customerDetailView,
  itemsSavedView,
} from '../../use-cases/orders/present-order-for-staff';
import {
  addClosedDate,
  removeClosedDate,
  saveSlotRules,
  slotOverview,
} from '../../use-cases/admin/slots';
import { addStaff, listStaff, setStaffDisabled, unlockStaff } from '../../use-cases/admin/staff';
import { storeImage } from '../../use-cases/admin/uploads';
import { chargeSavedCard } from '../../use-cases/payments/charge-order';
import { answerCustomer } from '../../use-cases/approvals/order-thread';
import { resendApprovalRequest } from '../../use-cases/approvals/price-approval';
import { approvalText } from '../../use-cases/approvals/present-approval';
import { settleOverpayment } from '../../use-cases/payments/settle-overpayment';
import { refundOrder } from '../../use-cases/payments/refund-order';
import { sendMarketingText } from '../../use-cases/messages/marketing-texts';
import { paymentText } from '../../use-cases/payments/present-payment';
import { route } from '../contract-routes';
import { clientIp, credentialsOf, staffGuard, staffOf } from '../identity';

/** /api/admin: the shop's back office (decision 007). Every route checks the role on the server. */
export function adminRoutes(app: FastifyInstance, services: AppServices) {
  const secure = isSecure(services);
  const staffOnly = { preHandler: staffGuard(services) };
  const ownerOnly = { preHandler: staffGuard(services, ['owner']) };
  const now = () => services.now();
  const e = api.admin;

  route(
    app,
    e.logIn,
    { invalidMessage: 'Please enter your e-mail and password.' },
    async ({ body }, request, reply) => {
      const result = await staffLogIn(services, { ...body, ip: clientIp(request) });
      reply.header('Set-Cookie', staffCookie(result.token, { secure, expires: result.expiresAt }));
      return { status: true, staff: result.staff, token: result.token };
    },
  );

  route(app, e.logOut, {}, async (_, request, reply) => {
    const staff = await getCurrentStaff(services.db, credentialsOf(request), now());
    if (staff) await revokeStaffSession(services.db, staff.sessionId, now());
    reply.header('Set-Cookie', clearedStaffCookie({ secure }));
    return { status: true, message: 'You have signed out.' };
  });

  // Everyone signed in to the back office, drivers too (their page asks who they are).
  route(
    app,
    e.me,
    { preHandler: staffGuard(services, ['owner', 'staff', 'driver']) },
    async (_, request) => {
      const { id, name, email, role } = staffOf(request);
      return { status: true, staff: { id, name, email, role } };
    },
  );

  // ─── Orders ───
  route(app, e.board, staffOnly, async ({ query }) => ({
    status: true,
    board: boardView(
      services.config.brand,
      await orderBoard(services, { day: query.date ?? londonToday(now()) }),
    ),
  }));
  route(app, e.orders, staffOnly, async ({ query }) => ({
    status: true,
    orders: (await listOrders(services, { status: query.status, search: query.q })).map((o) =>
      orderListRowView(services.config.brand, o),
    ),
  }));
  route(app, e.order, staffOnly, async ({ params }) => ({
    status: true,
    order: adminOrderView(
      services.config.brand,
      await adminOrderDetail(services, { id: params.id }),
    ),
  }));
  route(
    app,
    e.moveOrder,
    { ...staffOnly, invalidMessage: 'Choose a valid next status.' },
    async ({ params, body }, request) => {
      const moved = await moveOrder(services, {
        actor: staffOf(request),
        orderId: params.id,
        ...body,
      });
      return {
        status: true,
        message: `${moved.order_no} is now ${moved.status}.`,
        order_no: moved.order_no,
        order_status: moved.status,
        emailed: moved.emailed,
      };
    },
  );
  route(
    app,
    e.setItems,
    { ...staffOnly, invalidMessage: 'Please check the items.' },
    async ({ params, body }, request) => {
      const totals = await setOrderItems(services, {
        actor: staffOf(request),
        orderId: params.id,
        discountPence: body.discount,
        settle: body.settle,
        lines: body.lines.map((l) => ({
          service_id: l.service_id,
          quantity: l.quantity,
          unit_price_pence: l.unit_price,
        })),
      });
      const message = [
        'Items and totals saved.',
        totals.settlement,
        totals.approvalRequested ? approvalText.requested(totals.approvalRequested) : null,
      ]
        .filter(Boolean)
        .join(' ');
      return { status: true, ...itemsSavedView(services.config.brand, totals), message };
    },
  );
  // Money paid above an order's total: refunded through the provider, or made account credit.
  route(
    app,
    e.settle,
    { ...staffOnly, invalidMessage: 'Choose to refund or to keep as credit.' },
    async ({ params, body }, request) => {
      const settled = await settleOverpayment(services, {
        actor: staffOf(request),
        orderId: params.id,
        how: body.how,
      });
      return { status: true, message: settled.message };
    },
  );
  // Money leaving the business: the owner's decision, with a credit note each time.
  route(
    app,
    e.refund,
    { ...ownerOnly, invalidMessage: 'Please check the refund.' },
    async ({ params, body }, request) => {
      const refund = await refundOrder(services, {
        actor: staffOf(request),
        orderId: params.id,
        amountPence: body.amount,
        reason: body.reason,
      });
      return {
        status: true,
        message: paymentText.refundedWithCreditNote(refund.refundedPence, refund.requestedPence),
        order_no: refund.orderNo,
        refunded: paymentText.amount(refund.refundedPence),
      };
    },
  );
  route(app, e.invoice, staffOnly, async ({ params }, request) => ({
    status: true,
    ...(await sendInvoice(services, { actor: staffOf(request), orderId: params.id })),
  }));
  route(
    app,
    e.answer,
    { ...staffOnly, invalidMessage: 'Please check your answer.' },
    async ({ params, body }, request) => {
      const answered = await answerCustomer(services, {
        actor: staffOf(request),
        orderId: params.id,
        body: body.message,
      });
      return { status: true, message: `Answer saved and e-mailed to ${answered.customerEmail}.` };
    },
  );
  route(app, e.resendApproval, staffOnly, async ({ params }, request) => {
    const sent = await resendApprovalRequest(services, {
      actor: staffOf(request),
      orderId: params.id,
    });
    return {
      status: true,
      message: `Approval request for order ${sent.orderNo} sent again to ${sent.customerEmail}, with a new link.`,
    };
  });
  route(app, e.charge, staffOnly, async ({ params }, request) => {
    const outcome = await chargeSavedCard(services, {
      orderId: params.id,
      actor: staffOf(request),
    });
    return {
      status: outcome.status === 'succeeded',
      charge_status: outcome.status,
      message: outcome.message,
    };
  });

  // ─── Slots ───
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

  // ─── Catalogue ───
  route(app, e.listCatalogue, staffOnly, async ({ params }) => ({
    status: true,
    ...(await listCatalogue(services, { entity: params.entity as CatalogueEntity })),
  }));
  route(app, e.createCatalogueRecord, staffOnly, async ({ params, body }, request) => {
    const record = await saveCatalogueRecord(services, {
      actor: staffOf(request),
      entity: params.entity as CatalogueEntity,
      id: null,
      values: body,
    });
    return { status: true, message: 'Saved. It is on the website now.', record };
  });
  route(app, e.updateCatalogueRecord, staffOnly, async ({ params, body }, request) => {
    const record = await saveCatalogueRecord(services, {
      actor: staffOf(request),
      entity: params.entity as CatalogueEntity,
      id: params.id,
      values: body,
    });
    return { status: true, message: 'Saved. It is on the website now.', record };
  });
  route(app, e.deleteCatalogueRecord, staffOnly, async ({ params }, request) => {
    await deleteCatalogueRecord(services, {
      actor: staffOf(request),
      entity: params.entity as CatalogueEntity,
      id: params.id,
    });
    return { status: true, message: 'Deleted.' };
  });

  // ─── Customers ───
  route(app, e.customers, staffOnly, async ({ query }) => ({
    status: true,
    customers: await searchCustomers(services, { query: query.q }),
  }));
  route(app, e.customer, staffOnly, async ({ params }) => ({
    status: true,
    customer: customerDetailView(
      services.config.brand,
      await customerDetail(services, { id: params.id }),
    ),
  }));
  route(app, e.exportCustomer, staffOnly, async ({ params }, request, reply) => {
    const data = await exportCustomer(services, { actor: staffOf(request), id: params.id });
    reply.header('Content-Disposition', `attachment; filename="customer-${params.id}.json"`);
    return data;
  });

  // ─── Owner only ───
  route(app, e.audit, ownerOnly, async ({ query }) => ({
    status: true,
    entries: await listAudit(services, {
      entity: query.entity,
      entityId: query.entity_id,
      beforeId: query.before,
    }),
  }));
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
  route(app, e.unlockStaff, ownerOnly, async ({ params }, request) => {
    const unlocked = await unlockStaff(services, { actor: staffOf(request), staffId: params.id });
    return {
      status: true,
      message: `${unlocked.name} can sign in again from any address.`,
      cleared: unlocked.cleared,
    };
  });
  route(
    app,
    e.sendMarketingText,
    { ...ownerOnly, invalidMessage: 'Please check the text.' },
    async ({ body }, request) => {
      const sent = await sendMarketingText(services, { actor: staffOf(request), body: body.body });
      return {
        status: true,
        message: `${sent.queued} marketing text${sent.queued === 1 ? '' : 's'} queued.`,
        ...sent,
      };
    },
  );
}

/**
 * Uploads: the raw bytes, checked by their content (not by name or claimed type), kept in
 * PostgreSQL. Registered where request bodies are kept as bytes.
 */
export function uploadRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.admin.upload, { preHandler: staffGuard(services) }, async ({ body }) => ({
    status: true,
    path: await storeImage(services, { bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0) }),
  }));
}
