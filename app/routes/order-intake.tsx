import { data } from 'react-router';
import { RefusedLinkPanel } from '~/components/refused-link-panel';
import { caseInput } from '@shared/intake-report';
import { intakeReport, intakeReportView, openCase } from '~/server/intake-report.server';
import { formFailure, formFields, parseFields } from '~/components/form/form-action.server';
import { IntakeReport } from '~/features/account/intake-report';
import { claimsEntryFor } from '~/features/claims/claims.server';
import { ReportProblem } from '~/features/claims/report-problem';
import { useRootData } from '~/utils/root-data';
import { currentCustomerId, linkedPageId, readLinkedPage } from '~/utils/linked-page.server';
import { seo } from '~/utils/seo';
import type { Route } from './+types/order-intake';

/*
 * The intake report of an order (issue 16, decision 028), reached from the e-mailed link
 * (`t`, no login needed) or by the order's customer logged in. The case form posts to this
 * route's action, which calls the same use-case as the API (decision 018).
 */

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const orderId = linkedPageId(params.id);
  const token = url.searchParams.get('t');
  const customerId = await currentCustomerId(services, request);
  const read = await readLinkedPage(() => intakeReport(services, { orderId, token, customerId }));
  if (read.refused !== null) {
    return data({ refused: read.refused, token: null, report: null, claims: null }, 401);
  }
  return {
    refused: null,
    token: read.value.via === 'link' ? token : null,
    report: intakeReportView(services.config.brand, read.value),
    // Issue 34: "Report a problem" for the order's customer signed in, or the link's holder.
    claims: await claimsEntryFor(
      services,
      { customerId, token: read.value.via === 'link' ? token : null },
      orderId,
    ),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services } = context;
  const orderId = linkedPageId(params.id);
  const fields = await formFields(request);
  const customerId = await currentCustomerId(services, request);
  try {
    const body = parseFields(
      caseInput,
      {
        kind: fields.kind,
        description: fields.description ?? '',
        ...(fields.order_garment_id ? { order_garment_id: fields.order_garment_id } : {}),
      },
      'Please check what you told us.',
    );
    const opened = await openCase(services, {
      orderId,
      token: fields.t ?? null,
      customerId,
      ...body,
    });
    return {
      ok: true as const,
      message: `Thank you: we have your message about order ${opened.orderNo} and will answer by e-mail, usually the same working day.`,
    };
  } catch (error) {
    return formFailure(error);
  }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: 'Your intake report',
    description: 'The garments we checked in, with their photos and notes.',
    path: '/order/intake',
    noindex: true,
  });
}

export default function OrderIntake({ loaderData, actionData }: Route.ComponentProps) {
  const brand = useRootData()!.brand;
  if (!loaderData.report) {
    return <RefusedLinkPanel title="Your intake report" reason={loaderData.refused} />;
  }
  const r = loaderData.report;
  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="card">
          <p className="text-sm font-medium text-slate-500">Order {r.order_no}</p>
          <h1 className="page-title mt-1">Your intake report</h1>
          <p className="mt-2 text-slate-700">
            We have checked in your order at our shop. Here is every item, as we found it.
          </p>
        </div>
        <div className="card">
          <IntakeReport
            report={r}
            token={loaderData.token}
            phone={brand.phone}
            idPrefix="intake"
            result={actionData}
          />
        </div>
        {loaderData.claims ? (
          <div className="rounded-xl bg-white shadow-sm">
            <ReportProblem order={loaderData.claims} phone={brand.phone} token={loaderData.token} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
