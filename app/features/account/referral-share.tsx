import { useRef, useState } from 'react';
import { useHydrated } from '~/components/form/use-hydrated';

type ShareNavigator = Navigator & { share?: (data: ShareData) => Promise<void> };

/**
 * The referral's share link (issue 31, walkthrough 14): `/?ref=CODE` in a field that can be
 * selected without JavaScript, with Copy, and the phone's own Share sheet where the browser
 * has one (navigator.share). The home page carries the code to the checkout.
 */
export function ReferralShare({ url, friendGets }: { url: string; friendGets: string }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const nav: ShareNavigator | null = hydrated ? navigator : null;
  const canShare = typeof nav?.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied.');
    } catch {
      // No clipboard (an old browser, or permission refused): the link is selected to copy.
      field.current?.select();
      setSaid('Select the link and copy it.');
    }
  }
  async function share() {
    try {
      await nav!.share!({
        title: 'Dry cleaning, collected and delivered',
        text: `${friendGets} off your first order with my referral code.`,
        url,
      });
      setSaid('');
    } catch (error) {
      // Closing the sheet is not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  }

  return (
    <div className="mt-3">
      <label htmlFor="referral-link" className="text-sm font-medium text-emerald-900">
        Your share link
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={field}
          id="referral-link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="field-input min-w-0 flex-1 basis-56 bg-white py-2 font-mono text-sm"
        />
        {hydrated ? (
          <span className="flex gap-2">
            <button type="button" className="btn-secondary bg-white px-4 py-2" onClick={copy}>
              Copy link
            </button>
            {canShare ? (
              <button type="button" className="btn-primary px-4 py-2" onClick={share}>
                Share
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm text-emerald-900">
        {said}
      </p>
    </div>
  );
}
