import { data, Link } from 'react-router';
import { adminOrderDetail, adminOrderView } from '~/server/orders.server';
import { priceList as loadPriceList } from '~/server/catalogue.server';
import { adminIntakeReport, adminIntakeReportView } from '~/server/intake-report.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { ApprovalPill, RepeatPill, StatusPill, useAdminAction } from '~/features/admin/ui';
import { TagScan } from '~/features/admin/tag-scan';
import { IntakePanel } from '~/features/admin/intake/intake-panel';
import { loadIntake } from '~/features/admin/intake/intake-panel.server';
import { IntakeReportPanel } from '~/features/admin/intake-report-panel';
import { CustomerPanel } from '~/features/admin/order/customer-panel';
import { loadCustomerPanel } from '~/features/admin/order/customer-panel.server';
import { StatusPanel } from '~/features/admin/order/status-panel';
import { BranchPanel } from '~/features/admin/order/branch-panel';
import { branchScope } from '~/server/branches.server';
import { ItemsPanel } from '~/features/admin/order/items-panel';
import { loadOrderDocuments } from '~/features/admin/order/items-panel.server';
import { ApprovalThread } from '~/features/admin/order/approval-thread';
import { TextsPanel } from '~/features/admin/order/texts-panel';
import type { Route } from './+types/order';

/*
 * One order in the back office: its sections live in app/features/admin/order/ (and intake/),
 * each with its server part beside it where it has one; this route loads them and lays them out.
 */

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  const staff = await requireStaffPage(services, { request, url });
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw data('Not found', { status: 404 });
  const detail = await adminOrderDetail(services, { id: params.id }).catch(() => null);
  if (!detail) throw data('Not found', { status: 404 });
  const order = adminOrderView(services.config.brand, detail);
  const { choices } = await branchScope(services.db, { ...staff, role: 'owner' });
  return {
    order,
    // Issue 32: an order moves to any branch (staff only move their own: the server says).
    branches: choices,
    owner: staff.role === 'owner',
    customer: await loadCustomerPanel(services, detail.order),
    priceList: await loadPriceList(services.db),
    documents: await loadOrderDocuments(services, order.id),
    intake: await loadIntake(services, order.id),
    intakeReport: adminIntakeReportView(await adminIntakeReport(services, { orderId: order.id })),
  };
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, owner, customer, priceList, documents, intake, intakeReport, branches } =
    loaderData;
  // One action for the page's sections; each answer shows beside the action that asked.
  const { run, busy, feedback } = useAdminAction();
  const action = { run, busy, feedback };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" className="text-sm text-brand underline">
          ← Orders
        </Link>
        <h1 className="text-2xl font-bold">Order {order.order_no}</h1>
        <StatusPill status={order.status} />
        {order.awaiting_approval ? <ApprovalPill /> : null}
        {customer.repeat ? <RepeatPill /> : null}
      </div>
      <TagScan className="max-w-xl" />

      <div className="grid gap-6 lg:grid-cols-3">
        <CustomerPanel order={order} {...customer} />
        <StatusPanel order={order} {...action} />
        <BranchPanel order={order} branches={branches} {...action} />
      </div>

      <IntakePanel orderId={order.id} intake={intake} priceList={priceList} care={order.care} />

      <ItemsPanel
        order={order}
        fromGarments={intake.garments.length > 0}
        priceList={priceList}
        documents={documents}
        owner={owner}
        {...action}
      />

      <IntakeReportPanel orderId={order.id} report={intakeReport} />

      <ApprovalThread order={order} {...action} />

      <TextsPanel texts={order.texts} />
    </div>
  );
}
