import { useEffect, useState } from 'react';
import { FeedbackBanner, useAdminAction, type PriceListChoices } from '../ui';
import { AddGarment } from './add-garment';
import { GarmentActions, GarmentCard } from './garment-card';
import { GarmentEdit } from './garment-edit';
import { useGarmentPhotos } from './garment-photos';
import type { IntakeData } from './intake-data';

/**
 * Intake at the counter (decision 027), on a phone or a desktop: add a garment (item from the
 * price list, tag prefilled with the next free one, colour, brand, treatment, damage,
 * pockets), link a returning garment, the list of garments, edit and remove, the label sheet.
 */
export function IntakePanel({
  orderId,
  intake,
  priceList,
  care = [],
}: {
  orderId: string;
  intake: IntakeData;
  priceList: PriceListChoices;
  /** Issue 18: the customer's garment care preferences, in words. */
  care?: string[];
}) {
  const { run, busy, feedback, setFeedback } = useAdminAction();
  const photos = useGarmentPhotos(orderId, setFeedback);
  const [editing, setEditing] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const errors = feedback && !feedback.ok ? (feedback.errors ?? {}) : {};

  // A scanned tag opens the page at #garment-N: show that garment.
  useEffect(() => {
    const show = () => {
      const match = /^#garment-(\d+)$/.exec(window.location.hash);
      if (!match) return;
      const id = Number(match[1]);
      setHighlight(id);
      document.getElementById(`garment-${id}`)?.scrollIntoView({ block: 'center' });
    };
    show();
    window.addEventListener('hashchange', show);
    return () => window.removeEventListener('hashchange', show);
  }, [intake.garments.length]);

  return (
    <section className="card space-y-4" aria-labelledby="intake-title" id="intake">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="intake-title" className="text-lg font-semibold">
            Intake <span className="text-slate-500">({intake.garments.length})</span>
          </h2>
          <p className="text-sm text-slate-600">
            Each garment with its tag; the invoice lines are made from them.
          </p>
          {care.length > 0 ? (
            <p className="mt-1 text-sm font-medium text-sky-900">
              Customer’s care: {care.join(' · ')}
            </p>
          ) : null}
        </div>
        {intake.garments.length ? (
          <a
            href={`/admin/orders/${orderId}/labels`}
            target="_blank"
            rel="noreferrer"
            className="btn-secondary inline-flex min-h-11 items-center py-2"
          >
            Print labels (PDF)
          </a>
        ) : null}
      </div>
      <FeedbackBanner feedback={feedback} />

      {intake.garments.length ? (
        <ol className="grid gap-3 md:grid-cols-2" aria-label="Garments">
          {intake.garments.map((g) =>
            editing === g.id ? (
              <GarmentEdit
                key={g.id}
                orderId={orderId}
                garment={g}
                priceList={priceList}
                errors={errors}
                busy={busy}
                run={run}
                onClose={() => setEditing(null)}
              />
            ) : (
              <GarmentCard
                key={g.id}
                garment={g}
                highlighted={highlight === g.id}
                actions={
                  intake.open ? (
                    <GarmentActions
                      orderId={orderId}
                      garment={g}
                      busy={busy}
                      run={run}
                      photos={photos}
                      onEdit={() => setEditing(g.id)}
                    />
                  ) : null
                }
              />
            ),
          )}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">No garments recorded yet.</p>
      )}

      {intake.open ? (
        <AddGarment
          orderId={orderId}
          intake={intake}
          priceList={priceList}
          errors={errors}
          busy={busy}
          run={run}
          photos={photos}
        />
      ) : (
        <p className="text-sm text-slate-600">
          Garments are recorded once the order is collected, until it is ready.
        </p>
      )}
    </section>
  );
}
