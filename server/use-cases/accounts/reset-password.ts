import { and, eq, isNull } from 'drizzle-orm';
import { renderEmail } from '../../adapters/mail/layout';
import { hashPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { revokeCustomerSessions } from '../../auth/sessions';
import type { AppServices } from '../../services';
import { customers } from '../../db/schema';
import { ValidationError } from '../../errors';
import { accountMessages } from '@shared/account-messages';
import {
  claimOneTimeLink,
  findOneTimeLink,
  issueOneTimeLink,
  limitedAccountLookup,
  voidOneTimeCodes,
} from './one-time-codes';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * E-mails a single-use link to set a new password, when the e-mail has an account. The caller
 * answers the same either way; no password is ever sent.
 */
export async function requestPasswordReset(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'now'>,
  input: { email: string; ip: string },
): Promise<void> {
  const now = deps.now();
  const { brand, publicUrl } = deps.config;
  const customer = await limitedAccountLookup(deps, { ...input, limits: rateRules.passwordReset });
  if (!customer) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueOneTimeLink(tx, {
      customerId: customer.id,
      purpose: 'password_reset',
      ttlMs: RESET_LINK_TTL_MS,
      now,
    });
    const url = `${publicUrl}/reset-password/${token}`;
    const { html, text } = renderEmail(brand, {
      heading: 'Set a new password',
      paragraphs: [
        `Hello ${customer.name},`,
        'Someone (we hope you) asked to reset the password of your account. Use the button below within one hour to choose a new password. The link works once.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url },
    });
    await deps.mail.enqueue(
      {
        to: customer.email,
        subject: 'Reset your password',
        html,
        text,
        template: 'password-reset',
      },
      tx,
    );
  });
}

/** Whether a reset link is still usable (for the page, before the form is shown). */
export async function isResetLinkValid(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { token: string },
): Promise<boolean> {
  const link = await findOneTimeLink(deps.db, {
    purpose: 'password_reset',
    token: input.token,
    now: deps.now(),
  });
  return link !== null;
}

/**
 * Sets the new password through a reset link; the link is spent, every session ends and a
 * pending e-mail change is dropped (a reset is how a taken-over account is recovered).
 */
export async function resetPassword(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { token: string; password: string; ip: string },
): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  await hitRateLimit(db, rateRules.codeCheckPerIp, input.ip, now);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const claimed = await claimOneTimeLink(tx, {
      purpose: 'password_reset',
      token: input.token,
      now,
    });
    if (!claimed) {
      throw new ValidationError(
        accountMessages.resetInvalid,
        {
          token: [accountMessages.resetInvalid],
        },
        'link-expired-or-used',
      );
    }
    await tx
      .update(customers)
      .set({ passwordHash })
      .where(and(eq(customers.id, claimed.customerId), isNull(customers.deletedAt)));
    await revokeCustomerSessions(tx, claimed.customerId, now);
    await voidOneTimeCodes(tx, {
      customerId: claimed.customerId,
      purposes: ['email_change'],
      now,
    });
  });
}
