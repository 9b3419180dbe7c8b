import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { claimFaultLabels, claimFaults, type ClaimFault } from '@shared/claims/claim';
import { conditionLabels, garmentConditions, type GarmentCondition } from '@shared/claims/table';
import type { ClaimView } from '~/server/claims.server';
import { ActionFeedback, FeedbackBanner, useAdminAction } from '../ui';

/*
 * What staff and the owner decide on a claim (issue 34, decision 063): staff's finding of
 * fault per garment (ours, or not ours with the reason; a corrected condition needs its
 * reason) and the owner's sign-off of an offer above the threshold (the owner's other answers
 * are in owner-answers.tsx). Each through the admin API (the back office writes through it).
 */

type Finding = { fault: ClaimFault | ''; condition: GarmentCondition | ''; reason: string };

export function FindingForm({ claim }: { claim: ClaimView }) {
  const { run, busy, feedback } = useAdminAction();
  const items = claim.items.filter((i) => i.kind !== 're-clean');
  const [findings, setFindings] = useState<Record<number, Finding>>(() =>
    Object.fromEntries(items.map((i) => [i.id, { fault: '', condition: '', reason: '' }])),
  );
  const [reason, setReason] = useState('');
  // Once saved the form gives way to the offer; its answer stays where it was given.
  if (claim.status !== 'open' || items.length === 0) return <FeedbackBanner feedback={feedback} />;
  const set = (id: number, change: Partial<Finding>) =>
    setFindings((all) => ({ ...all, [id]: { ...all[id]!, ...change } }));
  const anyNotOurs = Object.values(findings).some((f) => f.fault && f.fault !== 'ours');
  return (
    <form
      className="card space-y-4"
      aria-labelledby="finding-title"
      onSubmit={(event) => {
        event.preventDefault();
        void run(routes.adminClaims.finding, {
          params: { id: claim.id },
          body: {
            findings: items.map((i) => {
              const f = findings[i.id]!;
              return {
                claim_item_id: i.id,
                fault: f.fault as ClaimFault,
                ...(f.condition ? { condition: f.condition, condition_reason: f.reason } : {}),
              };
            }),
            reason,
          },
        });
      }}
    >
      <h2 id="finding-title" className="text-lg font-semibold">
        Finding of fault
      </h2>
      {items.map((item) => {
        const f = findings[item.id]!;
        return (
          <fieldset key={item.id} className="space-y-3 rounded-md border border-slate-200 p-3">
            <legend className="px-1 font-semibold">{item.garment}</legend>
            <div className="grid gap-3 md:grid-cols-3">
              <div>
                <label htmlFor={`fault-${item.id}`} className="field-label">
                  Whose fault
                </label>
                <select
                  id={`fault-${item.id}`}
                  className="field-input"
                  value={f.fault}
                  onChange={(e) => set(item.id, { fault: e.target.value as ClaimFault })}
                >
                  <option value="">Choose…</option>
                  {claimFaults.map((k) => (
                    <option key={k} value={k}>
                      {claimFaultLabels[k]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`condition-${item.id}`} className="field-label">
                  Condition (now {conditionLabels[item.condition]})
                </label>
                <select
                  id={`condition-${item.id}`}
                  className="field-input"
                  value={f.condition}
                  onChange={(e) =>
                    set(item.id, { condition: e.target.value as GarmentCondition | '' })
                  }
                >
                  <option value="">Keep {conditionLabels[item.condition]}</option>
                  {garmentConditions.map((c) => (
                    <option key={c} value={c}>
                      Correct to {conditionLabels[c]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`condition-reason-${item.id}`} className="field-label">
                  Why the condition is corrected
                </label>
                <input
                  id={`condition-reason-${item.id}`}
                  className="field-input"
                  value={f.reason}
                  disabled={!f.condition}
                  onChange={(e) => set(item.id, { reason: e.target.value })}
                />
              </div>
            </div>
          </fieldset>
        );
      })}
      <div>
        <label htmlFor="finding-reason" className="field-label">
          {anyNotOurs ? 'Why it is not our fault (told to the customer)' : 'Note (optional)'}
        </label>
        <textarea
          id="finding-reason"
          className="field-input"
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary min-h-11" disabled={busy}>
        Save the finding
      </button>
      <ActionFeedback feedback={feedback} of={[routes.adminClaims.finding]} />
    </form>
  );
}

export function OwnerSignOff({ claim, isOwner }: { claim: ClaimView; isOwner: boolean }) {
  const { run, busy, feedback } = useAdminAction();
  if (claim.status !== 'sign-off') return <FeedbackBanner feedback={feedback} />;
  return (
    <section
      className="card space-y-3 border-amber-300 bg-amber-50"
      aria-labelledby="sign-off-title"
    >
      <h2 id="sign-off-title" className="text-lg font-semibold">
        Above the threshold: the owner signs it off
      </h2>
      {isOwner ? (
        <button
          type="button"
          className="btn-primary min-h-11"
          disabled={busy}
          onClick={() => void run(routes.adminClaims.signOff, { params: { id: claim.id } })}
        >
          Sign off £{claim.offer?.total} and send the offer
        </button>
      ) : (
        <p className="text-sm text-slate-700">
          Waiting for the owner: only the owner can sign it off.
        </p>
      )}
      <ActionFeedback feedback={feedback} of={[routes.adminClaims.signOff]} />
    </section>
  );
}
