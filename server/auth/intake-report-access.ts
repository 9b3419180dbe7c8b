import { INTAKE_LINK_TTL_MS } from '@shared/intake-report';
import type { AppServices } from '../services';

/*
 * The signed link of an order's intake report (issue 16, docs/decisions/028): the signer of
 * decision 014 with the purpose 'intake-report', the order's id as subject, expiring
 * INTAKE_LINK_TTL_MS after the report was sent. It opens that one order's report, and lets
 * its holder open a case while the 48-hour window lasts; it opens nothing else.
 */

export const intakeAccessMessages = {
  refused:
    'This link is not valid or has expired. Please use the link in our latest e-mail, log in to your account, or call us.',
  notFound: 'We could not find that order.',
  notSent: 'The intake report of this order has not been sent yet.',
} as const;

/** The token of an order's intake report link. */
export function intakeReportToken(
  services: Pick<AppServices, 'links'>,
  order: { id: string; intakeReportedAt: Date },
): string {
  const expires = new Date(order.intakeReportedAt.getTime() + INTAKE_LINK_TTL_MS);
  return services.links.sign('intake-report', order.id, expires);
}

/** The report page of an order with its token: what the e-mails link to. */
export function intakeReportPath(
  services: Pick<AppServices, 'links'>,
  order: { id: string; intakeReportedAt: Date },
): string {
  return `/order/intake/${order.id}?${new URLSearchParams({ t: intakeReportToken(services, order) })}`;
}

/** Whether a token opens this order's intake report now. */
export function intakeTokenValid(
  services: Pick<AppServices, 'links'>,
  orderId: string,
  token: string | null | undefined,
  now: Date,
): boolean {
  const given = token?.slice(0, 200);
  return Boolean(given && services.links.verify('intake-report', orderId, given, now));
}
