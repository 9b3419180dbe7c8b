import type { AppServices } from '../services';

/*
 * The signed link of an approval request (issue 15, docs/decisions/024): the token signs the
 * approval's id with purpose 'approval' and expires with the request (`expires_at`), so it
 * works for that one request of that one order, and never for another or a later one. Whether
 * it was already used is the row's answer, checked when it is claimed.
 */

export const approvalAccessMessages = {
  refused:
    'This approval link is not valid or has expired. Please use the link in our latest e-mail, log in to your account, or call us.',
  notFound: 'We could not find that approval request.',
} as const;

type Approval = { id: string; expiresAt: Date };

/** The token of an approval request's link. */
export function approvalToken(services: Pick<AppServices, 'links'>, approval: Approval): string {
  return services.links.sign('approval', approval.id, approval.expiresAt);
}

/** The approval page of a request with its token: what the e-mails link to. */
export function approvalPagePath(services: Pick<AppServices, 'links'>, approval: Approval) {
  return `/order/approval/${approval.id}?${new URLSearchParams({ t: approvalToken(services, approval) })}`;
}

/** Whether a token opens this approval request now. */
export function approvalTokenValid(
  services: Pick<AppServices, 'links'>,
  approvalId: string,
  token: string | null | undefined,
  now: Date,
): boolean {
  const given = token?.slice(0, 200);
  return Boolean(given && services.links.verify('approval', approvalId, given, now));
}
