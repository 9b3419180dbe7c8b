/*
 * Where the claims pages of an order are (issue 34, decision 063 "Pages"): in the account for
 * its customer signed in, or under the intake report's page for the holder of its signed link
 * (`t`: a guest, or a counter customer, with no session), the link carried on every path.
 */

/** How the visitor reached the order: `token` is the intake report link's, null in the account. */
export type ClaimLink = { orderId: string; token: string | null };

function withQuery(path: string, link: ClaimLink, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(link.token ? { t: link.token } : {});
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The claim form of the order. */
export const claimFormPath = (link: ClaimLink) =>
  withQuery(
    link.token ? `/order/intake/${link.orderId}/claim` : `/account/orders/${link.orderId}/claim`,
    link,
  );

/** A claim's page, with what the page is to say (`extra`). */
export const claimPagePath = (link: ClaimLink, claimId: number, extra?: Record<string, string>) =>
  withQuery(
    link.token ? `/order/intake/${link.orderId}/claims/${claimId}` : `/account/claims/${claimId}`,
    link,
    extra,
  );

/** The page the claims were reached from: the order's page, or its intake report. */
export const orderPagePath = (link: ClaimLink) =>
  withQuery(link.token ? `/order/intake/${link.orderId}` : `/account/orders/${link.orderId}`, link);
