import { useState } from 'react';
import { routes } from '@shared/api/routes';
import { garmentCategories, garmentCategoryLabels, garmentConditions } from '@shared/claims/table';
import { ActionFeedback, useAdminAction } from '../ui';

/*
 * The owner's claims table (issue 34, decision 063): each category's life expectancy and
 * ceiling without a receipt, the percentages by age band and condition, and the settings that
 * go with them (threshold, bonus, windows, answer time). Saved as a new version through the
 * admin API (owner only); offers made keep the version they used.
 */

export type ClaimsTable = {
  categories: Record<(typeof garmentCategories)[number], { life_months: number; ceiling: string }>;
  bands: {
    up_to_percent_of_life: number | null;
    percent: Record<(typeof garmentConditions)[number], number>;
  }[];
  sign_off_above: string;
  missing_window_hours: number;
  damage_window_hours: number;
  credit_bonus_percent: number;
  answer_within_hours: number;
};

const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
// Narrow enough for four columns of percentages on a 375 px phone.
const cell = 'field-input min-w-[3.5rem] px-2 py-1.5 text-right tabular-nums';

export function ClaimsTableEditor({
  table,
  version,
  canSave,
}: {
  table: ClaimsTable;
  version: number;
  canSave: boolean;
}) {
  const { run, busy, feedback } = useAdminAction();
  const [draft, setDraft] = useState(table);
  const setCategory = (
    c: keyof ClaimsTable['categories'],
    change: Partial<ClaimsTable['categories'][typeof c]>,
  ) =>
    setDraft((d) => ({
      ...d,
      categories: { ...d.categories, [c]: { ...d.categories[c], ...change } },
    }));
  const setBand = (
    i: number,
    change: (b: ClaimsTable['bands'][number]) => ClaimsTable['bands'][number],
  ) => setDraft((d) => ({ ...d, bands: d.bands.map((b, j) => (j === i ? change(b) : b)) }));
  const settings: { key: keyof ClaimsTable; label: string; unit: string }[] = [
    { key: 'sign_off_above', label: 'Owner signs off offers above', unit: '£' },
    { key: 'credit_bonus_percent', label: 'Bonus on offers taken as credit', unit: '%' },
    {
      key: 'missing_window_hours',
      label: '“Missing” or “not mine” may be claimed for, after the intake report',
      unit: 'hours',
    },
    {
      key: 'damage_window_hours',
      // Decision 063: a garment seen short at the door is claimable in this window too.
      label: 'Any claim may be made for, after delivery or collection at the counter',
      unit: 'hours',
    },
    { key: 'answer_within_hours', label: 'We promise an answer within', unit: 'hours' },
  ];
  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void run(routes.adminClaims.saveTable, { body: draft });
      }}
    >
      <section className="card overflow-x-auto" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-lg font-semibold">
          Garment categories
        </h2>
        <table className="mt-3 w-full text-sm">
          <thead className="text-left text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Category
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Life (months)
              </th>
              <th scope="col" className="py-2 text-right">
                Ceiling without receipt (£)
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {garmentCategories.map((c) => (
              <tr key={c}>
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {garmentCategoryLabels[c]}
                </th>
                <td className="py-2 pr-3">
                  <input
                    aria-label={`Life of ${garmentCategoryLabels[c]} in months`}
                    className={cell}
                    inputMode="numeric"
                    disabled={!canSave}
                    value={
                      Number.isNaN(draft.categories[c].life_months)
                        ? ''
                        : draft.categories[c].life_months
                    }
                    onChange={(e) => setCategory(c, { life_months: num(e.target.value) })}
                  />
                </td>
                <td className="py-2">
                  <input
                    aria-label={`Ceiling for ${garmentCategoryLabels[c]} in pounds`}
                    className={cell}
                    inputMode="decimal"
                    disabled={!canSave}
                    value={draft.categories[c].ceiling}
                    onChange={(e) => setCategory(c, { ceiling: e.target.value })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card overflow-x-auto" aria-labelledby="bands-title">
        <h2 id="bands-title" className="text-lg font-semibold">
          Worth of a garment, by age and condition (% of a new one)
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Ages are a share of the category’s life, so a year-old shirt is older than a year-old
          wedding dress. The last band is everything older.
        </p>
        <table className="mt-3 w-full min-w-[18rem] text-sm">
          <thead className="text-left text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Age up to (% of life)
              </th>
              {garmentConditions.map((k) => (
                <th key={k} scope="col" className="py-2 pr-3 text-right capitalize">
                  {k}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {draft.bands.map((band, i) => (
              <tr key={i}>
                <td className="py-2 pr-3">
                  {band.up_to_percent_of_life === null ? (
                    <span className="font-medium">Older</span>
                  ) : (
                    <input
                      aria-label={`Age band ${i + 1}: up to this % of the life`}
                      className={cell}
                      inputMode="numeric"
                      disabled={!canSave}
                      value={
                        Number.isNaN(band.up_to_percent_of_life) ? '' : band.up_to_percent_of_life
                      }
                      onChange={(e) =>
                        setBand(i, (b) => ({ ...b, up_to_percent_of_life: num(e.target.value) }))
                      }
                    />
                  )}
                </td>
                {garmentConditions.map((k) => (
                  <td key={k} className="py-2 pr-3">
                    <input
                      aria-label={`Age band ${i + 1}, ${k} condition, %`}
                      className={cell}
                      inputMode="numeric"
                      disabled={!canSave}
                      value={Number.isNaN(band.percent[k]) ? '' : band.percent[k]}
                      onChange={(e) =>
                        setBand(i, (b) => ({
                          ...b,
                          percent: { ...b.percent, [k]: num(e.target.value) },
                        }))
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card space-y-3" aria-labelledby="settings-title">
        <h2 id="settings-title" className="text-lg font-semibold">
          Threshold, bonus, windows and answer time
        </h2>
        <div className="grid gap-3 md:grid-cols-2">
          {settings.map((s) => (
            <div key={s.key}>
              <label htmlFor={`setting-${s.key}`} className="field-label">
                {s.label} ({s.unit})
              </label>
              <input
                id={`setting-${s.key}`}
                className="field-input max-w-40"
                inputMode="decimal"
                disabled={!canSave}
                value={
                  typeof draft[s.key] === 'number' && Number.isNaN(draft[s.key])
                    ? ''
                    : String(draft[s.key])
                }
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    [s.key]: s.key === 'sign_off_above' ? e.target.value : num(e.target.value),
                  }))
                }
              />
            </div>
          ))}
        </div>
      </section>
      {canSave ? (
        <div>
          <button type="submit" className="btn-primary min-h-11" disabled={busy}>
            Save as version {version + 1}
          </button>
          <ActionFeedback feedback={feedback} of={[routes.adminClaims.saveTable]} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">Only the owner can change the table.</p>
      )}
    </form>
  );
}
