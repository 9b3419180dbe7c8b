import { useFetcher } from 'react-router';
import type { IntakeReportView } from '@server/use-cases/intake-report/present-intake-report';
import { caseKindLabels, CASE_TEXT_MAX_LENGTH } from '@shared/intake-report';
import { ErrorSummary } from '~/components/form/error-summary';
import { Notice } from '~/components/form/form-field';
import { SelectField, TextAreaField } from '~/components/form/text-field';
import type { FormErrors } from '~/components/form/form-errors';

/*
 * The intake report (issue 16, decision 028): each garment as the shop recorded it (tag,
 * item, colour, brand, damage and pocket notes, photos), the customer's cases with the shop's
 * answers, and, for 48 hours, the form to say an item is missing or a note is wrong. Shown on
 * the report page (/order/intake/:id, the e-mailed link) and in the account's order view.
 * The form posts to the report page's action (a plain post without JavaScript).
 */

export type CaseResult = { ok: true; message: string } | { ok: false; errors: FormErrors };

/** The report of an order in the account's order view, if it was sent (the account's loader). */
export function OrderIntakeReport({
  orderId,
  report,
  phone,
}: {
  orderId: string;
  report: IntakeReportView | null;
  phone: string;
}) {
  if (!report) return null;
  return <IntakeReport report={report} token={null} phone={phone} idPrefix={`acc-${orderId}`} />;
}

function Garments({ report }: { report: IntakeReportView }) {
  return (
    <ul className="space-y-3" aria-label="Your garments on this order">
      {report.garments.map((g) => (
        <li
          key={g.id}
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
          data-testid="report-garment"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold text-slate-900">{g.item_name}</p>
            <span className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
              Tag {g.tag_number}
            </span>
          </div>
          {g.colour || g.brand ? (
            <p className="mt-1 text-slate-700">{[g.colour, g.brand].filter(Boolean).join(' · ')}</p>
          ) : null}
          {g.damage_note ? (
            <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900">
              <span className="font-semibold">Already there: </span>
              {g.damage_note}
            </p>
          ) : null}
          {g.pocket_note ? (
            <p className="mt-2 rounded bg-sky-50 px-2 py-1 text-sky-900">
              <span className="font-semibold">Found in pockets: </span>
              {g.pocket_note}
            </p>
          ) : null}
          {g.photos.length ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Photos of tag ${g.tag_number}`}>
              {g.photos.map((p, i) => (
                <li key={p.id}>
                  <a href={p.url} target="_blank" rel="noreferrer">
                    <img
                      src={p.url}
                      alt={`${p.kind === 'damage' ? 'Damage on' : 'Photo'} ${i + 1} of tag ${g.tag_number}`}
                      className="h-24 w-24 rounded-md border border-slate-200 object-cover"
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Cases({ report }: { report: IntakeReportView }) {
  if (report.cases.length === 0) return null;
  return (
    <section aria-labelledby={`cases-${report.order_id}`} className="space-y-2">
      <h3 id={`cases-${report.order_id}`} className="font-semibold">
        What you told us
      </h3>
      <ol className="space-y-2">
        {report.cases.map((c) => (
          <li
            key={c.id}
            className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
            data-testid="intake-case"
          >
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{caseKindLabels[c.kind]}</span>
              {c.garment ? <span className="text-slate-600">{c.garment}</span> : null}
              <span
                className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold uppercase ${
                  c.state === 'open'
                    ? 'bg-amber-100 text-amber-900'
                    : 'bg-emerald-100 text-emerald-900'
                }`}
              >
                {c.state === 'open' ? 'Waiting for our answer' : 'Answered'}
              </span>
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{c.description}</p>
            {c.answer ? (
              <p className="mt-2 rounded bg-slate-50 px-3 py-2 whitespace-pre-line text-slate-800">
                <span className="block text-xs font-semibold text-slate-500">Our answer</span>
                {c.answer}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function CaseForm({
  report,
  token,
  idPrefix,
  result,
}: {
  report: IntakeReportView;
  token: string | null;
  idPrefix: string;
  result: CaseResult | undefined;
}) {
  const fetcher = useFetcher<CaseResult>();
  const answer = fetcher.data ?? result;
  const failed = answer && !answer.ok ? answer.errors : null;
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      action={`/order/intake/${report.order_id}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      noValidate
      aria-labelledby={`${idPrefix}-case-title`}
    >
      <h3 id={`${idPrefix}-case-title`} className="font-semibold">
        Something not right?
      </h3>
      <p className="text-sm text-slate-600">
        Tell us by {report.cases_until_display} if an item is missing or a note is wrong, and we
        will look into it before cleaning.
      </p>
      <input type="hidden" name="intent" value="case" />
      {token ? <input type="hidden" name="t" value={token} /> : null}
      {answer?.ok ? <Notice tone="success">{answer.message}</Notice> : null}
      {failed ? (
        <ErrorSummary
          message={failed.message}
          fields={failed.fields}
          links={{
            kind: { id: `${idPrefix}-kind`, label: 'What is wrong' },
            order_garment_id: { id: `${idPrefix}-garment`, label: 'Which garment' },
            description: { id: `${idPrefix}-description`, label: 'Tell us more' },
          }}
        />
      ) : null}
      <SelectField
        id={`${idPrefix}-kind`}
        name="kind"
        label="What is wrong"
        defaultValue="missing-item"
        error={failed?.fields.kind}
        className="min-h-11"
      >
        <option value="missing-item">{caseKindLabels['missing-item']}</option>
        <option value="wrong-note">{caseKindLabels['wrong-note']}</option>
      </SelectField>
      <SelectField
        id={`${idPrefix}-garment`}
        name="order_garment_id"
        label="Which garment (for a wrong note)"
        defaultValue=""
        error={failed?.fields.order_garment_id}
        className="min-h-11"
      >
        <option value="">Not about one garment</option>
        {report.garments.map((g) => (
          <option key={g.id} value={g.id}>
            Tag {g.tag_number} · {g.item_name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`${idPrefix}-description`}
        name="description"
        label="Tell us more"
        rows={3}
        maxLength={CASE_TEXT_MAX_LENGTH + 100}
        hint="For a missing item: what it is and what it looks like. For a note: what is wrong."
        error={failed?.fields.description}
        key={answer?.ok ? answer.message : 'case'}
      />
      <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
        {busy ? 'Sending…' : 'Send to the shop'}
      </button>
    </fetcher.Form>
  );
}

/** The whole report: garments, cases, and the form while cases may be opened. */
export function IntakeReport({
  report,
  token,
  phone,
  idPrefix,
  result,
}: {
  report: IntakeReportView;
  token: string | null;
  phone: string;
  idPrefix: string;
  result?: CaseResult;
}) {
  return (
    <section
      aria-labelledby={`${idPrefix}-title`}
      className="space-y-4"
      data-testid="intake-report"
    >
      <div>
        <h2 id={`${idPrefix}-title`} className="text-lg font-semibold">
          Intake report: {report.garments.length} item{report.garments.length === 1 ? '' : 's'}
        </h2>
        <p className="text-sm text-slate-600">
          Each item has its own tag. We noted what it looks like, any damage already there, and
          anything found in the pockets.
        </p>
      </div>
      <Garments report={report} />
      <Cases report={report} />
      {report.can_open_case ? (
        <CaseForm report={report} token={token} idPrefix={idPrefix} result={result} />
      ) : (
        <p className="text-sm text-slate-600">
          Something not right? Please call us on{' '}
          <a className="font-semibold text-brand underline" href={`tel:${phone}`}>
            {phone}
          </a>
          .
        </p>
      )}
    </section>
  );
}
