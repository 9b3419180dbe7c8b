import { useState } from 'react';
import { Link } from 'react-router';
import { routes } from '@shared/api/routes';
import { caseKindLabels, caseWindow } from '@shared/intake-report';
import type {
  AdminIntakeReportView,
  OpenCasesView,
} from '@server/use-cases/intake-report/present-intake-report';
import { FeedbackBanner, londonDateTime, useAdminAction } from './ui';

/*
 * The back office's side of the intake report (issue 16, decision 028): on the order's page,
 * "Send intake report" once the garments are recorded, and the customer's cases with a form
 * to answer each (the answer is e-mailed and closes the case); on the board, the open cases.
 */

/** Open cases on an order: a badge on its card. */
export function CasesPill({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="inline-block rounded-full bg-rose-200 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-rose-950 uppercase">
      {count} open case{count === 1 ? '' : 's'}
    </span>
  );
}

/** The board's list of orders with open cases, oldest first. */
export function OpenCasesPanel({ cases }: { cases: OpenCasesView }) {
  return (
    <section className="card" aria-labelledby="cases-title" data-testid="open-cases">
      <h2 id="cases-title" className="text-lg font-semibold">
        Open cases ({cases.total})
      </h2>
      {cases.orders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No case waits for an answer.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {cases.orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-2 py-2">
              <Link
                to={`/admin/orders/${o.id}#cases`}
                className="inline-block py-2 font-semibold text-brand underline sm:py-0"
              >
                {o.order_no}
              </Link>
              <span>
                {o.customer_name} · since {londonDateTime(o.oldest_opened_at)}
              </span>
              <span className="ml-auto">
                <CasesPill count={o.open_cases} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AnswerForm({
  caseId,
  run,
  busy,
}: {
  caseId: number;
  run: ReturnType<typeof useAdminAction>['run'];
  busy: boolean;
}) {
  const [answer, setAnswer] = useState('');
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const { ok } = await run(routes.intakeReport.answerCase, {
          params: { id: caseId },
          body: { answer },
        });
        if (ok) setAnswer('');
      }}
    >
      <label htmlFor={`case-answer-${caseId}`} className="field-label">
        Your answer to the customer
      </label>
      <textarea
        id={`case-answer-${caseId}`}
        className="field-input"
        rows={3}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
      />
      <button type="submit" className="btn-primary min-h-11" disabled={busy}>
        Send answer and close
      </button>
    </form>
  );
}

/** The order page's panel: send the report; the cases and their answers. */
export function IntakeReportPanel({
  orderId,
  report,
}: {
  orderId: string;
  report: AdminIntakeReportView;
}) {
  const { run, busy, feedback } = useAdminAction();
  const open = report.cases.filter((c) => c.state === 'open').length;
  return (
    <section id="cases" className="card space-y-4" aria-labelledby="intake-report-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="intake-report-title" className="text-lg font-semibold">
          Intake report and cases
        </h2>
        <CasesPill count={open} />
      </div>
      <FeedbackBanner feedback={feedback} />
      {report.reported_at ? (
        <p className="text-sm text-slate-700" data-testid="intake-report-state">
          Sent {londonDateTime(report.reported_at)} with {report.garments} item
          {report.garments === 1 ? '' : 's'}.{' '}
          {report.can_open_case
            ? `The customer can open a case until ${londonDateTime(report.cases_until!)}.`
            : `The ${caseWindow} for cases are over.`}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-primary min-h-11"
            disabled={busy || report.garments === 0}
            onClick={() => void run(routes.intakeReport.sendReport, { params: { id: orderId } })}
          >
            Send intake report
          </button>
          <p className="text-sm text-slate-600">
            {report.garments === 0
              ? 'Record the garments first: the report lists them with their photos.'
              : `${report.garments} item${report.garments === 1 ? '' : 's'} recorded. The customer gets the list by e-mail and has ${caseWindow} to tell us if something is wrong.`}
          </p>
        </div>
      )}
      {report.cases.length ? (
        <ol className="space-y-3">
          {report.cases.map((c) => (
            <li
              key={c.id}
              className={`rounded-lg border p-3 text-sm ${c.state === 'open' ? 'border-rose-200 bg-rose-50' : 'border-slate-200'}`}
              data-testid="staff-case"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{caseKindLabels[c.kind]}</span>
                {c.garment ? <span className="text-slate-600">{c.garment}</span> : null}
                <span className="ml-auto text-xs text-slate-500">
                  {londonDateTime(c.opened_at)}
                </span>
              </p>
              <p className="mt-1 whitespace-pre-line">{c.description}</p>
              {c.answer ? (
                <p className="mt-2 rounded bg-white px-3 py-2 whitespace-pre-line text-slate-800">
                  <span className="block text-xs font-semibold text-slate-500">
                    Answered {c.answered_at ? londonDateTime(c.answered_at) : ''}
                  </span>
                  {c.answer}
                </p>
              ) : (
                <AnswerForm caseId={c.id} run={run} busy={busy} />
              )}
            </li>
          ))}
        </ol>
      ) : report.reported_at ? (
        <p className="text-sm text-slate-500">No case from the customer.</p>
      ) : null}
    </section>
  );
}
