import { useEffect, useState } from 'react';
import type { ClaimView } from '~/server/claims.server';
import { conditionLabels, garmentCategoryLabels } from '@shared/claims/table';
import { claimFaultLabels } from '@shared/claims/claim';
import { claimItemKindLabels, damageKindLabels, londonDateTime } from '@shared/claims/window';

/*
 * A claim's file as both the customer and staff see it (issue 34): its state and the answer
 * time counting down, each claimed garment with the customer's photos, the shop's own
 * evidence (intake notes and photos with who recorded each tag and when, the tag's scans, the driver's bags,
 * seals, photos and count, every move of the order with who made it) and the offer with the
 * numbers behind it in plain words.
 */

const at = (iso: string) => londonDateTime(new Date(iso));

/** What a scan of the tag was (garment_scans.what). */
const scanLabel: Record<string, string> = {
  tagged: 'Tagged at intake',
  'looked-up': 'Looked up by its tag',
  counter: 'Scanned at the counter',
};

/** "in 1 day 3 hours", "in 40 minutes", or "overdue" (whole minutes). */
export function timeLeft(dueIso: string, nowMs: number): string {
  const minutes = Math.floor((Date.parse(dueIso) - nowMs) / 60_000);
  if (minutes < 0) return 'now overdue: we are sorry for the wait';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, unit: string) => (n ? `${n} ${unit}${n === 1 ? '' : 's'}` : '');
  const text =
    days || hours
      ? [part(days, 'day'), part(hours, 'hour')].filter(Boolean).join(' ')
      : part(mins, 'minute') || 'less than a minute';
  return `in ${text}`;
}

/** The time left to the promised answer, as rendered on the server and then each minute. */
export function AnswerCountdown({ claim, nowIso }: { claim: ClaimView; nowIso: string }) {
  const [now, setNow] = useState(() => Date.parse(nowIso));
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const waiting = ['open', 'sign-off', 'disputed'].includes(claim.status);
  if (!waiting) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="answer-countdown">
      We promise an answer by <strong>{claim.answer_due_display}</strong>,{' '}
      <span className="font-semibold text-brand">{timeLeft(claim.answer_due_at, now)}</span>.
    </p>
  );
}

const statusTone: Record<string, string> = {
  open: 'bg-sky-100 text-sky-900',
  'sign-off': 'bg-amber-100 text-amber-900',
  offered: 'bg-indigo-100 text-indigo-900',
  disputed: 'bg-orange-100 text-orange-900',
  paid: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-slate-200 text-slate-800',
  closed: 'bg-teal-100 text-teal-900',
};

export function ClaimStatus({ claim }: { claim: ClaimView }) {
  return (
    <span
      data-testid="claim-status"
      className={`inline-block rounded-full px-3 py-1 text-xs font-semibold uppercase ${statusTone[claim.status] ?? 'bg-slate-100'}`}
    >
      {claim.status_label}
    </span>
  );
}

function Photos({ photos, label }: { photos: { id: string; url: string }[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <a href={p.url} target="_blank" rel="noreferrer">
            <img
              src={p.url}
              alt={`${label}, photo ${i + 1}`}
              width={96}
              height={72}
              loading="lazy"
              className="h-18 w-24 rounded-md border border-slate-200 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The claimed garments, as the customer told them (and staff's finding once made). */
export function ClaimedGarments({
  claim,
  title = 'What you told us',
}: {
  claim: ClaimView;
  title?: string;
}) {
  return (
    <section aria-labelledby="claimed-title" className="space-y-3">
      <h2 id="claimed-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {claim.items.map((item) => (
          <li
            key={item.id}
            className="rounded-lg border border-slate-200 p-4"
            data-testid="claim-item"
          >
            <p className="font-semibold text-slate-900">{item.garment}</p>
            <dl className="mt-2 divide-y divide-slate-100 text-sm">
              <Row term="What happened">
                {claimItemKindLabels[item.kind]}
                {item.damage_kind ? `: ${damageKindLabels[item.damage_kind].toLowerCase()}` : ''}
              </Row>
              <Row term="Kind">{garmentCategoryLabels[item.category]}</Row>
              <Row term="Age">{item.age_months} months</Row>
              <Row term="A new one costs">
                {item.replacement_cost ? `£${item.replacement_cost}` : 'Not given'}
              </Row>
              <Row term="Condition">
                {conditionLabels[item.condition]}
                {item.condition_reason ? ` (${item.condition_reason})` : ''}
              </Row>
              <Row term="Cleaning charge">£{item.cleaning_charge}</Row>
              {item.fault ? <Row term="Our finding">{claimFaultLabels[item.fault]}</Row> : null}
              {item.reclean_order_no ? (
                <Row term="Free re-clean">Order {item.reclean_order_no}</Row>
              ) : null}
            </dl>
            {item.note ? <p className="mt-2 text-sm text-slate-700">{`“${item.note}”`}</p> : null}
            <Photos photos={item.photos} label={`Photos of ${item.garment}`} />
            {item.receipt ? (
              <Photos photos={[item.receipt]} label={`Receipt for ${item.garment}`} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

const legLabel = { collection: 'Collection', delivery: 'Delivery' } as const;

/** What the shop recorded of the garments and the order, gathered by itself. */
export function ClaimEvidence({ claim }: { claim: ClaimView }) {
  const { evidence } = claim;
  return (
    <section aria-labelledby="evidence-title" className="space-y-4">
      <h2 id="evidence-title" className="text-lg font-semibold">
        What we recorded
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {evidence.garments.map((g) => (
          <li
            key={g.order_garment_id}
            className="rounded-lg bg-slate-50 p-4 text-sm"
            data-testid="evidence-garment"
          >
            <p className="font-semibold text-slate-900">
              Tag {g.tag_number} · {g.item_name}
            </p>
            <p className="text-slate-600">{[g.colour, g.brand].filter(Boolean).join(' · ')}</p>
            <p className="mt-1 text-slate-700">
              Tagged {at(g.recorded_at)}
              {g.recorded_by ? ` by ${g.recorded_by}` : ''}
            </p>
            {g.damage_note ? (
              <p className="mt-1">Already there at intake: {g.damage_note}</p>
            ) : null}
            {g.pocket_note ? <p className="mt-1">Found in pockets: {g.pocket_note}</p> : null}
            <Photos photos={g.photos} label={`Intake photos of tag ${g.tag_number}`} />
            {g.scans.length > 0 ? (
              <div className="mt-2">
                <h3 className="font-semibold text-slate-900">Scans</h3>
                <ul className="mt-1 space-y-1 text-slate-700" data-testid="evidence-scans">
                  {g.scans.map((s, i) => (
                    <li key={i}>
                      {`${scanLabel[s.what] ?? s.what} ${at(s.at)}${s.by ? ` by ${s.by}` : ''}`}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {evidence.stops.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">Collection and delivery</h3>
          <ul className="mt-2 space-y-2 text-sm">
            {evidence.stops.map((s, i) => (
              <li key={i} className="rounded-lg bg-slate-50 p-3">
                <p className="font-medium text-slate-900">
                  {legLabel[s.leg]}: {s.outcome} {at(s.at)}
                  {s.by ? ` by ${s.by}` : ''}
                </p>
                <p className="text-slate-700">
                  {s.bags !== null ? `${s.bags} bag${s.bags === 1 ? '' : 's'}` : 'Bags not counted'}
                  {s.seal_numbers.length ? ` · seals ${s.seal_numbers.join(', ')}` : ''}
                  {s.left_with ? ` · ${s.left_with}` : ''}
                  {s.note ? ` · ${s.note}` : ''}
                </p>
                {s.photo ? <Photos photos={[s.photo]} label={`${legLabel[s.leg]} photo`} /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="font-semibold text-slate-900">The order’s moves</h3>
        <ol
          className="mt-2 space-y-1 border-l-2 border-slate-200 pl-4 text-sm"
          aria-label="The order’s moves"
        >
          {evidence.moves.map((m, i) => (
            <li key={i}>
              <span className="font-medium">{m.to}</span>{' '}
              <span className="text-slate-600">
                {at(m.at)}
                {m.by ? ` · ${m.by}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The standing offer: its total, how each garment's part was worked out, the law. */
export function ClaimOffer({
  claim,
  audience,
}: {
  claim: ClaimView;
  audience: 'customer' | 'staff';
}) {
  const { offer } = claim;
  if (!offer) return null;
  return (
    <section
      aria-labelledby="offer-title"
      className="space-y-4 rounded-lg border-2 border-brand/30 bg-brand/5 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="offer-title" className="text-lg font-semibold">
          {audience === 'customer' ? 'Our offer' : 'The offer'}
        </h2>
        <p className="text-2xl font-bold text-brand" data-testid="offer-total">
          £{offer.total}
        </p>
      </div>
      <p className="text-sm text-slate-700">
        £{offer.total} back to the card or PayPal that paid, or £{offer.credit_with_bonus} as
        account credit.
        {offer.raised_reason ? ` Raised by our owner: ${offer.raised_reason}.` : ''}
      </p>
      {offer.lines.map((line) => (
        <div
          key={line.claim_item_id}
          className="rounded-md bg-white p-4 text-sm"
          data-testid="offer-line"
        >
          <p className="font-semibold text-slate-900">
            {line.garment}: £{line.total}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {line.in_words.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </div>
      ))}
      <p className="text-sm font-medium text-slate-900">{offer.consumer_rights}</p>
      {audience === 'staff' ? (
        <p className="text-xs text-slate-600">
          Table version {offer.table_version}
          {offer.needs_sign_off
            ? offer.signed_off_at
              ? ` · signed off ${at(offer.signed_off_at)}`
              : ' · waits for the owner’s sign-off'
            : ''}
        </p>
      ) : null}
    </section>
  );
}

/** The customer's disputes and the owner's answers. */
export function ClaimDisputes({ claim }: { claim: ClaimView }) {
  if (claim.disputes.length === 0) return null;
  return (
    <section aria-labelledby="disputes-title" className="space-y-2">
      <h2 id="disputes-title" className="text-lg font-semibold">
        Disputes
      </h2>
      <ul className="space-y-2 text-sm">
        {claim.disputes.map((d, i) => (
          <li key={i} className="rounded-md bg-slate-50 p-3">
            <p>
              {`“${d.reason}”`} <span className="text-slate-600">{`(${at(d.made_at)})`}</span>
            </p>
            {d.answer ? (
              <p className="mt-1 font-medium">
                Owner: {d.answer === 'raised' ? 'offer raised' : 'declined'}
                {d.answer_reason ? `: ${d.answer_reason}` : ''}
              </p>
            ) : (
              <p className="mt-1 text-slate-600">With our owner.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
