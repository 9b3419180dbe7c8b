import { useEffect, useState } from 'react';

/** A referral code as typed in a shared link: spaces dropped, upper case; else none. */
export function referralCodeOf(search: string): string {
  const code = (new URLSearchParams(search).get('ref') ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9-]{3,40}$/.test(code) ? code : '';
}

/**
 * Issue 31: the referral code of a shared link (`/?ref=CODE`), read in the browser after
 * hydration, so the page itself is the same for everyone (the home page is a shared page);
 * the booking form carries it to the checkout, whose code field starts with it.
 */
export function useReferralCode(): string {
  const [code, setCode] = useState('');
  useEffect(() => setCode(referralCodeOf(window.location.search)), []);
  return code;
}

/** The code the form carries to the checkout, said above the address. */
export function ReferralLine({ code }: { code: string }) {
  return (
    <p
      className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      data-testid="referral-line"
    >
      <input type="hidden" name="ref" value={code} />
      Referral code <strong>{code}</strong> applied at checkout.
    </p>
  );
}
