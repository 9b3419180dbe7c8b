import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Brand } from '@shared/brand';
import { renderEmail } from '../../adapters/mail/layout';
import type { MailService } from '../../adapters/mail/mail-service';
import { hashPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { revokeCustomerSessions } from '../../auth/sessions';
import { hashToken, newToken } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { customers, oneTimeCodes } from '../../db/schema';
import { ValidationError } from '../../errors';
import { accountMessages } from './errors';
import { findRegisteredCustomer } from './log-in';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * E-mails a single-use link to set a new password, when the e-mail has an account. The caller
 * answers the same either way; no password is ever sent.
 */
export async function requestPasswordReset(
  deps: { db: Database; mail: MailService; brand: Brand; publicUrl: string },
  input: { email: string; ip: string },
  now: Date,
): Promise<void> {
  await hitRateLimit(deps.db, rateRules.resetPerIp, input.ip, now);
  await hitRateLimit(deps.db, rateRules.resetPerAccount, hashToken(input.email), now);
  const customer = await findRegisteredCustomer(deps.db, input.email);
  if (!customer) return;
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    // Only the newest link works.
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeCodes.customerId, customer.id),
          eq(oneTimeCodes.purpose, 'password_reset'),
          isNull(oneTimeCodes.usedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      purpose: 'password_reset',
      customerId: customer.id,
      codeHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
    });
    const url = `${deps.publicUrl}/reset-password/${token}`;
    const { html, text } = renderEmail(deps.brand, {
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
export async function isResetLinkValid(db: Database, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashToken(token)),
        eq(oneTimeCodes.purpose, 'password_reset'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Sets the new password through a reset link; the link is spent and every session ends. */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Claiming the link with a conditional update makes it single-use even under races.
    const [claimed] = await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeCodes.codeHash, hashToken(input.token)),
          eq(oneTimeCodes.purpose, 'password_reset'),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.expiresAt, now),
        ),
      )
      .returning({ customerId: oneTimeCodes.customerId });
    if (!claimed) {
      throw new ValidationError(accountMessages.resetInvalid, {
        token: [accountMessages.resetInvalid],
      });
    }
    await tx
      .update(customers)
      .set({ passwordHash })
      .where(and(eq(customers.id, claimed.customerId), isNull(customers.deletedAt)));
    await revokeCustomerSessions(tx, claimed.customerId, now);
  });
}
