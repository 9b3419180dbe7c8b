/** What the card or PayPal does on the payment page: the invoice due, or £0.00 now. */
export function WhatIsPaid({
  order,
}: {
  order: {
    invoice_due: boolean;
    amount_due: string;
    total: string;
    discount?: { label: string; amount: string } | null;
    credit_applied?: string | null;
  };
}) {
  const invoiceDue = order.invoice_due;
  return invoiceDue ? (
    <div className="card mt-6">
      <h2 className="font-semibold">Your invoice: £{order.amount_due}</h2>
      <p className="mt-2 text-sm text-slate-600">
        Your items are cleaned and priced; the itemised invoice is in your e-mail and in your
        account. Enter your card to pay the amount due now.
      </p>
      {order.discount || order.credit_applied ? (
        <dl className="mt-3 space-y-1 text-sm">
          {order.discount ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{order.discount.label}</dt>
              <dd className="font-medium text-emerald-700">−£{order.discount.amount}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Total</dt>
            <dd className="font-medium">£{order.total}</dd>
          </div>
          {order.credit_applied ? (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Account credit used</dt>
              <dd className="font-medium text-emerald-700">−£{order.credit_applied}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  ) : (
    <div className="mt-6 grid gap-4 md:grid-cols-2">
      <div className="card">
        <h2 className="font-semibold">Card: £0.00 now</h2>
        <p className="mt-2 text-sm text-slate-600">
          We save your card and charge nothing now. After cleaning we e-mail the invoice and a
          payment link before delivery.
        </p>
      </div>
      <div className="card">
        <h2 className="font-semibold">PayPal: £0.35 verification</h2>
        <p className="mt-2 text-sm text-slate-600">
          A 35p verification payment confirms your PayPal account; the order is charged after
          cleaning.
        </p>
      </div>
    </div>
  );
}
