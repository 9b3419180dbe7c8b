import type { DocumentLink } from '~/server/orders.server';
import { OrderDocuments } from '~/components/order-documents';
import { IntakeLines } from '../intake/intake-lines';
import type { PriceListChoices } from '../ui';
import type { AdminAction, AdminOrderView } from './admin-order';
import { ItemsEditor } from './items-editor';
import { PaymentList } from './payment-list';
import { RefundForm } from './refund-form';
import { SavedInvoice } from './saved-invoice';

/**
 * Items and invoice: the lines (made from the garments once there are some, else edited here
 * while the order may be itemised), the saved invoice, its documents, a refund (owner only,
 * once something is paid and nothing is paid above the total) and the payments.
 */
export function ItemsPanel({
  order,
  fromGarments,
  priceList,
  documents,
  owner,
  run,
  busy,
  feedback,
}: {
  order: AdminOrderView;
  /** Garments were recorded at intake: the lines are theirs. */
  fromGarments: boolean;
  priceList: PriceListChoices;
  documents: DocumentLink[];
  /** The owner is signed in: refunds are theirs. */
  owner: boolean;
} & AdminAction) {
  return (
    <section className="card space-y-4" aria-labelledby="items-title">
      <h2 id="items-title" className="text-lg font-semibold">
        Items and invoice
      </h2>
      {fromGarments ? (
        <IntakeLines items={order.items} />
      ) : order.can_itemise ? (
        <ItemsEditor
          order={order}
          priceList={priceList}
          run={run}
          busy={busy}
          feedback={feedback}
        />
      ) : (
        <p className="text-sm text-slate-600">
          Items are listed once the order is collected, until it leaves for delivery.
        </p>
      )}

      <SavedInvoice order={order} run={run} busy={busy} feedback={feedback} />

      <OrderDocuments documents={documents} />

      {owner && order.paid !== '0.00' && order.overpaid === '0.00' ? (
        <RefundForm orderId={order.id} paid={order.paid} />
      ) : null}

      <PaymentList payments={order.payments} />
    </section>
  );
}
