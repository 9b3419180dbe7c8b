import { redirect } from 'react-router';
import { formatGbp } from '@shared/money';
import { londonDate } from '@shared/london-time';
import { accountCredit, getCurrentCustomer } from '~/server/accounts.server';
import { AccountFrame } from '~/features/account/account-frame';
import { ReferralShare } from '~/features/account/referral-share';
import type { Route } from './+types/account-credit';
import { loginHref } from '~/utils/redirect-to';

/*
 * /account/credit (issue 18, decision 037): the customer's account credit with its history,
 * and their referral code, made the first time this page is shown. Logged in only.
 */

export function meta({ matches }: Route.MetaArgs) {
  const brand = matches[0]?.loaderData?.brand;
  return [
    { title: `Credit and referrals | ${brand?.name ?? ''}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  const customer = await getCurrentCustomer(services, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
  });
  if (!customer) throw redirect(loginHref(url.pathname));
  const credit = await accountCredit(services, { customerId: customer.id });
  return {
    balance: formatGbp(credit.balancePence),
    referralCode: credit.referralCode,
    // Issue 31: the link a friend opens; the home page carries the code to the checkout.
    shareUrl: `${services.config.publicUrl}/?ref=${encodeURIComponent(credit.referralCode)}`,
    friendGets: formatGbp(credit.friendDiscountPence),
    youGet: formatGbp(credit.referrerCreditPence),
    history: credit.history.map((h) => ({
      id: h.id,
      date: londonDate(h.createdAt),
      reason: h.reason,
      amount: `${h.amountPence < 0 ? '−' : '+'}${formatGbp(Math.abs(h.amountPence))}`,
      added: h.amountPence > 0,
    })),
  };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function AccountCredit({ loaderData }: Route.ComponentProps) {
  const { balance, referralCode, shareUrl, friendGets, youGet, history } = loaderData;
  return (
    <AccountFrame
      current="credit"
      title="Credit and referrals"
      intro="Your credit pays towards your next invoice before your card is charged."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h2 className="text-sm font-medium text-slate-600">Your credit</h2>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="credit-balance">
            {balance}
          </p>
        </section>
        <section className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
          <h2 className="text-sm font-medium text-emerald-900">Your referral code</h2>
          <p className="mt-1 font-mono text-2xl font-bold tracking-wide text-emerald-900">
            {referralCode}
          </p>
          <p className="mt-2 text-sm text-emerald-900">
            A friend who enters it on their first order gets {friendGets} off; you get {youGet}{' '}
            credit once their order is paid.
          </p>
          <ReferralShare url={shareUrl} friendGets={friendGets} />
        </section>
      </div>
      <h2 className="mt-8 text-lg font-semibold">History</h2>
      {history.length === 0 ? (
        <p className="mt-2 text-slate-600">No credit yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {history.map((h) => (
            <li key={h.id} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
              <span className="min-w-0">
                <span className="block break-words text-slate-900">{h.reason}</span>
                <span className="text-slate-500">{h.date}</span>
              </span>
              <span
                className={`shrink-0 font-semibold ${h.added ? 'text-emerald-700' : 'text-slate-700'}`}
              >
                {h.amount}
              </span>
            </li>
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}
