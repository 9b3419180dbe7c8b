import type { AppServices } from '../services';

/*
 * The signed link of a repeat collection's announcement (issue 18, docs/decisions/036): the
 * customer may skip that collection, pause or stop the plan without logging in. The token
 * signs the plan's id with purpose 'recurring', so it opens that plan only, and expires 30
 * days after the announced collection.
 */

export const RECURRING_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const recurringAccessMessages = {
  refused:
    'This link is not valid or has expired. Please log in to your account to change your repeat collections, or call us.',
} as const;

/** The plan's page, with its token and the announced date: what the e-mail links to. */
export function recurringPagePath(
  services: Pick<AppServices, 'links'>,
  plan: { planId: string; date: string; expiresFrom: Date },
): string {
  const token = services.links.sign(
    'recurring',
    plan.planId,
    new Date(plan.expiresFrom.getTime() + RECURRING_LINK_TTL_MS),
  );
  return `/recurring/${plan.planId}?${new URLSearchParams({ d: plan.date, t: token })}`;
}

/** Whether a token opens this plan now. */
export function recurringTokenValid(
  services: Pick<AppServices, 'links'>,
  planId: string,
  token: string | null | undefined,
  now: Date,
): boolean {
  const given = token?.slice(0, 200);
  return Boolean(given && services.links.verify('recurring', planId, given, now));
}
