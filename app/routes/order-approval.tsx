import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { messageInput, MESSAGE_MAX_LENGTH } from '@shared/order-approval';
import {
  approvalDetail,
  approvalText,
  approvePrice,
  askAboutPrice,
  priceApprovalView,
} from '~/server/approvals.server';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { ErrorSummary } from '~/components/form/error-summary';
import { Notice } from '~/components/form/form-field';
import { TextAreaField } from '~/components/form/text-field';
import { useRootData } from '~/utils/root-data';
import { currentCustomerId, linkedPageId, readLinkedPage } from '~/utils/linked-page.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-approval';

/*
 * The approval page of issue 15 (decision 024): the itemised total above the customer's cap,
 * with Approve and Ask a question. Reached from the e-mailed link (`t`, no login needed) or
 * from the account; both forms are plain posts to this route's action (decision 018).
 */

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const approvalId = linkedPageId(params.id);
  const token = url.searchParams.get('t');
  const customerId = await currentCustomerId(services, request);
  const read = await readLinkedPage(() =>
    approvalDetail(services, { approvalId, token, customerId }),
  );
  if (read.refused !== null) {
    return data({ refused: read.refused, token: null, approval: null, loggedIn: false }, 401);
  }
  return {
    refused: null,
    token,
    approval: priceApprovalView(services.config.brand, read.value),
    loggedIn: customerId !== null,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const approvalId = linkedPageId(params.id);
  const fields = await formFields(request);
  const caller = {
    approvalId,
    token: fields.t ?? null,
    customerId: await currentCustomerId(services, request),
  };
  const intent = fields.intent === 'question' ? ('question' as const) : ('approve' as const);
  const back = `/order/approval/${approvalId}${fields.t ? `?${new URLSearchParams({ t: fields.t })}` : ''}`;
  try {
    if (intent === 'approve') {
      await approvePrice(services, caller);
      return redirect(back, 303);
    }
    const body = parseFields(
      messageInput,
      { message: fields.message ?? '' },
      'Please check your message.',
    );
    const asked = await askAboutPrice(services, { ...caller, body: body.message });
    return { ok: true as const, intent, message: approvalText.asked(asked.orderNo) };
  } catch (error) {
    return formFailure(error, { intent, message: fields.message ?? '' });
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Approve your total',
    description: 'Approve the total of your order, or ask us about it.',
    path: '/order/approval',
    noindex: true,
  });
}

export default function OrderApproval({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  if (!loaderData.approval) {
    return (
      <main id="main" className="bg-slate-50 px-4 py-10">
        <div className="card mx-auto max-w-xl">
          <h1 className="page-title">Approve your total</h1>
          <p className="mt-4 text-slate-700">{loaderData.refused}</p>
          <p className="mt-2 text-slate-700">
            Questions? Call us on{' '}
            <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
              {brand.phone}
            </a>
            .
          </p>
          <Link to="/login" className="btn-primary mt-6 inline-block">
            Log in to your account
          </Link>
        </div>
      </main>
    );
  }
  const a = loaderData.approval;
  const token = loaderData.token;
  const failed = actionData && !actionData.ok ? actionData : null;
  const asked = actionData && actionData.ok ? actionData.message : null;
  const open = a.state === 'open';
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="card space-y-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-slate-500">Order {a.order_no}</p>
              <h1 className="page-title mt-1">
                {a.state === 'approved' ? 'Thank you: total approved' : 'Please approve your total'}
              </h1>
            </div>
            <span
              className={`rounded-full px-3 py-1 text-xs font-semibold uppercase ${
                a.state === 'approved'
                  ? 'bg-emerald-100 text-emerald-900'
                  : open
                    ? 'bg-amber-100 text-amber-900'
                    : 'bg-slate-200 text-slate-700'
              }`}
            >
              {a.state === 'approved'
                ? 'Approved'
                : open
                  ? 'Awaiting your approval'
                  : a.state === 'expired'
                    ? 'Link expired'
                    : 'Replaced'}
            </span>
          </div>
          {a.state === 'approved' ? (
            <Notice tone="success">
              You approved £{a.amount}. We will take the payment with the card you saved and bring
              your clean items back as booked.
            </Notice>
          ) : a.state === 'superseded' ? (
            <Notice tone="info">
              This request was replaced by a newer one: please use the link in our latest e-mail, or
              your account.
            </Notice>
          ) : a.state === 'expired' ? (
            <Notice tone="info">
              This link has expired. Log in to your account to approve, or call us on {brand.phone}.
            </Notice>
          ) : (
            <p className="text-slate-700">
              We have checked in and priced your items. The total is{' '}
              <strong className="text-slate-900">£{a.amount}</strong>
              {a.cap ? (
                <>
                  , above the limit of <strong className="text-slate-900">£{a.cap}</strong> you set
                  when booking
                </>
              ) : null}
              , so we will not charge your card until you approve it.
            </p>
          )}

          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Items of order {a.order_no}</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Item
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Qty
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {a.items.map((item, i) => (
                  <tr key={i}>
                    <td className="py-2 pr-3">{item.item_name}</td>
                    <td className="py-2 pr-3 text-right">{item.quantity}</td>
                    <td className="py-2 text-right">£{item.line_total}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-200">
                {a.discount !== '0.00' ? (
                  <tr>
                    <th scope="row" colSpan={2} className="py-1.5 pr-3 text-right font-medium">
                      Discount
                    </th>
                    <td className="py-1.5 text-right">−£{a.discount}</td>
                  </tr>
                ) : null}
                <tr className="text-base">
                  <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-semibold">
                    Total
                  </th>
                  <td className="py-2 text-right font-bold text-brand" data-testid="approval-total">
                    £{a.amount}
                  </td>
                </tr>
                {a.cap ? (
                  <tr className="text-slate-500">
                    <th scope="row" colSpan={2} className="py-1 pr-3 text-right font-normal">
                      Your limit
                    </th>
                    <td className="py-1 text-right">£{a.cap}</td>
                  </tr>
                ) : null}
              </tfoot>
            </table>
          </div>

          {open ? (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="approve" />
              {token ? <input type="hidden" name="t" value={token} /> : null}
              {failed && failed.intent === 'approve' ? (
                <Notice tone="error">{failed.errors.message}</Notice>
              ) : null}
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
                Approve £{a.amount}
              </button>
              <p className="text-xs text-slate-500">
                By approving you agree to pay £{a.amount} for this order with your saved card.
              </p>
            </Form>
          ) : null}
        </div>

        <section id="question" className="card space-y-4" aria-labelledby="question-title">
          <h2 id="question-title" className="text-lg font-semibold">
            {a.messages.length ? 'Your questions and our answers' : 'Ask a question'}
          </h2>
          {a.messages.length ? (
            <ol className="space-y-3">
              {a.messages.map((m, i) => (
                <li
                  key={i}
                  className={`rounded-lg px-4 py-3 text-sm ${
                    m.author === 'customer'
                      ? 'ml-6 bg-sky-50 text-slate-800'
                      : 'mr-6 border border-slate-200 bg-white text-slate-800'
                  }`}
                >
                  <p className="text-xs font-semibold text-slate-500">
                    {m.author === 'customer' ? 'You' : brand.name}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{m.body}</p>
                </li>
              ))}
            </ol>
          ) : null}
          {asked ? <Notice tone="success">{asked}</Notice> : null}
          {open ? (
            <Form method="post" className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="question" />
              {token ? <input type="hidden" name="t" value={token} /> : null}
              {failed && failed.intent === 'question' ? (
                <ErrorSummary
                  message={failed.errors.message}
                  fields={failed.errors.fields}
                  links={{ message: { id: 'question-message', label: 'Your question' } }}
                />
              ) : null}
              <TextAreaField
                id="question-message"
                name="message"
                label="Your question"
                rows={4}
                maxLength={MESSAGE_MAX_LENGTH + 100}
                hint="We answer by e-mail, usually the same working day."
                error={failed?.intent === 'question' ? failed.errors.fields.message : undefined}
                defaultValue={failed?.intent === 'question' ? failed.message : ''}
                key={asked ?? 'question'}
              />
              <button type="submit" className="btn-secondary" disabled={busy}>
                Send question
              </button>
            </Form>
          ) : (
            <p className="text-sm text-slate-600">
              Anything else? Call us on{' '}
              <a className="font-semibold text-brand underline" href={`tel:${brand.phone}`}>
                {brand.phone}
              </a>
              .
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
