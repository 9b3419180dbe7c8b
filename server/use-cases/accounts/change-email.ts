import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { normaliseEmail } from '@shared/validation';
import { renderEmail } from '../../adapters/mail/layout';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { isUniqueViolation } from '../../db/errors';
import { customers, oneTimeCodes } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { ValidationError } from '../../errors';
import { accountMessages } from '@shared/account-messages';
import { findRegisteredCustomer } from './log-in';
import { claimOneTimeLink, findOneTimeLink, issueOneTimeLink } from './one-time-codes';

/**
 * A new e-mail address takes effect only once a link sent to it is followed
 * (docs/decisions/013). Until then it is pending; the old address is told of the request and
 * of the change.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The customer whose e-mail changes, as the profile update has just read it. */
type Account = { id: string; name: string; email: string };

/**
 * Stores `newEmail` as pending with a single-use link (in the caller's transaction), mails
 * the link to the new address and a notice to the old one. When the new address belongs to
 * another account, that address gets a notice instead of the link; everything else (the
 * pending state, the old address's notice, the reply) is the same, so nothing shows whether
 * the address has an account. The caller limits how often (rateRules.emailChangePerAccount).
 */
export async function requestEmailChange(
  tx: DbOrTx,
  input: { account: Account; newEmail: string; now: Date },
  deps: Pick<AppServices, 'mail' | 'config'>,
): Promise<void> {
  const { account, newEmail, now } = input;
  const token = await issueOneTimeLink(tx, {
    customerId: account.id,
    purpose: 'email_change',
    ttlMs: EMAIL_CHANGE_TTL_MS,
    newEmail,
    now,
  });
  const owner = await findRegisteredCustomer(tx, newEmail);
  const { brand, publicUrl } = deps.config;
  const toNew = owner
    ? renderEmail(brand, {
        heading: 'You already have an account with us',
        paragraphs: [
          `Hello ${owner.name},`,
          `Someone asked to move another account with ${brand.name} to ${newEmail}. This address already belongs to your account, so nothing has changed.`,
          'If it was you, log in with this address instead. If not, you need not do anything.',
        ],
      })
    : renderEmail(brand, {
        heading: 'Confirm your new e-mail address',
        paragraphs: [
          `Hello ${account.name},`,
          `Someone (we hope you) asked to use ${newEmail} for their account with ${brand.name}. Use the button below within 24 hours to confirm it. The link works once.`,
          'If you did not ask for this, ignore this e-mail: nothing will change.',
        ],
        action: {
          label: 'Confirm this e-mail address',
          url: `${publicUrl}/account/confirm-email/${token}`,
        },
      });
  await deps.mail.enqueue(
    {
      to: newEmail,
      subject: owner ? 'Your e-mail address and your account' : 'Confirm your new e-mail address',
      ...toNew,
      template: owner ? 'email-change-address-taken' : 'email-change-confirm',
    },
    tx,
  );
  const toOld = renderEmail(brand, {
    heading: 'Your e-mail address is being changed',
    paragraphs: [
      `Hello ${account.name},`,
      `Someone (we hope you) asked to change the e-mail address of your account to ${newEmail}. The change takes effect only when the link we sent to that address is followed within 24 hours.`,
      `If this was not you, reset your password ("Reset it here" on ${publicUrl}/login): that cancels the change and signs everyone out of your account.`,
    ],
  });
  await deps.mail.enqueue(
    {
      to: account.email,
      subject: 'Your e-mail address is being changed',
      ...toOld,
      template: 'email-change-requested',
    },
    tx,
  );
}

/** The newest unused, unexpired e-mail change of a customer: read by every account page. */
const pendingChange = preparedQuery('pending_email_change', (db, name) =>
  db
    .select({ newEmail: oneTimeCodes.newEmail })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.customerId, sql.placeholder('customerId')),
        eq(oneTimeCodes.purpose, 'email_change'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql.placeholder('now')),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .prepare(name),
);

/** The address waiting for confirmation, or null (the account page shows it). */
export async function pendingEmailChange(
  db: DbOrTx,
  input: { customerId: string; now: Date },
): Promise<string | null> {
  const [row] = await pendingChange(db).execute(input);
  return row?.newEmail ?? null;
}

/** The address a confirmation link would switch to, or null when the link is not usable. */
export async function findEmailChangeLink(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { token: string },
): Promise<{ newEmail: string } | null> {
  const link = await findOneTimeLink(deps.db, {
    purpose: 'email_change',
    token: input.token,
    now: deps.now(),
  });
  return link?.newEmail ? { newEmail: link.newEmail } : null;
}

const invalid = () =>
  new ValidationError(
    accountMessages.emailChangeInvalid,
    {
      token: [accountMessages.emailChangeInvalid],
    },
    'link-expired-or-used',
  );
const taken = () =>
  new ValidationError(
    accountMessages.emailChangeTaken,
    {
      email: [accountMessages.emailChangeTaken],
    },
    'email-taken',
  );

/**
 * Follows a confirmation link: the account's e-mail becomes the new address and the old
 * address is told. The link works once and for 24 hours; an address that another registered
 * account has taken meanwhile is refused (and the link stays unused).
 */
export async function confirmEmailChange(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'now'>,
  input: { token: string; ip: string },
): Promise<{ email: string }> {
  const now = deps.now();
  const { brand } = deps.config;
  await hitRateLimit(deps.db, rateRules.codeCheckPerIp, input.ip, now);
  return deps.db.transaction(async (tx) => {
    const claimed = await claimOneTimeLink(tx, {
      purpose: 'email_change',
      token: input.token,
      now,
    });
    if (!claimed?.newEmail) throw invalid();
    const newEmail = normaliseEmail(claimed.newEmail);
    const [account] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, claimed.customerId), isNull(customers.deletedAt)))
      .limit(1)
      .for('update');
    if (!account || account.isGuest) throw invalid();
    const owner = await findRegisteredCustomer(tx, newEmail);
    if (owner && owner.id !== account.id) throw taken();
    try {
      await tx.update(customers).set({ email: newEmail }).where(eq(customers.id, account.id));
    } catch (error) {
      // Registered elsewhere this very moment: the unique index decides.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    const notice = renderEmail(brand, {
      heading: 'Your e-mail address has been changed',
      paragraphs: [
        `Hello ${account.name},`,
        `The e-mail address of your account is now ${newEmail}. We will write to that address from now on, and you log in with it.`,
        `If you did not make this change, please call us on ${brand.phone}.`,
      ],
    });
    await deps.mail.enqueue(
      {
        to: account.email,
        subject: 'Your e-mail address has been changed',
        ...notice,
        template: 'email-changed',
      },
      tx,
    );
    return { email: newEmail };
  });
}
