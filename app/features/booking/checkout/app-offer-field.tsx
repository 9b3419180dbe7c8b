import { appOfferText, type AppOfferRefusal } from '@shared/app-offer';
import { useRootData } from '~/utils/root-data';
import { useInstalledApp } from './use-installed-app';

/**
 * Issue 33, the summary's "30% off your first app order": shown only once JavaScript finds the
 * page in the installed app (a browser tab sees nothing, and posts as `web`). Then the form
 * posts `source` app and, ticked, `app_offer`; the server decides (shared/app-offer.ts) and a
 * refusal, known by its code, comes back beside the offer with nothing placed. The words come
 * from the brand's number, never typed here.
 */
export function AppOfferField({
  claimed,
  refusal,
  error,
}: {
  /** Ticked as posted (a first visit: ticked). */
  claimed: boolean;
  refusal?: AppOfferRefusal;
  error?: string;
}) {
  const installed = useInstalledApp();
  const percent = useRootData()?.brand.appDiscountPercent ?? 0;
  if (!installed || percent <= 0) return null;
  const offer = appOfferText(percent);
  const shown = refusal ? error : undefined;
  const describedBy = ['app-offer-hint', shown ? 'app-offer-error' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <section
      aria-labelledby="app-offer-heading"
      data-testid="app-offer"
      className="card space-y-3 border-emerald-200 bg-emerald-50/60"
    >
      <input type="hidden" name="source" value="app" />
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-sm font-bold text-white"
        >
          {percent}%
        </span>
        <div>
          <h2 id="app-offer-heading" className="text-lg font-semibold text-slate-900">
            {offer[0]!.toUpperCase() + offer.slice(1)}
          </h2>
          <p id="app-offer-hint" className="mt-1 text-sm text-slate-700">
            Thank you for ordering in our app. {percent}% comes off the cleaning on your invoice,
            once per customer; it does not go with a promo or referral code.
          </p>
        </div>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          name="app_offer"
          value="yes"
          defaultChecked={claimed}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          className="h-5 w-5"
        />
        <span>Take {offer} with this order</span>
      </label>
      <div aria-live="polite">
        {shown ? (
          <p id="app-offer-error" className="field-error" data-refusal={refusal}>
            {shown}
          </p>
        ) : null}
      </div>
    </section>
  );
}
