import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { renderEmail } from '../../adapters/mail/layout';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import type { DbOrTx } from '../../db/client';
import type { AppServices } from '../../services';
import { forgetStoredPhotos } from '../photos/remove-photo';
import {
  checkoutTokens,
  carePreferences,
  customerAddresses,
  customers,
  oneTimeCodes,
  orderCases,
  orderGarments,
  orderMessages,
  orders,
  photos,
  recurringPlans,
  sessions,
  stopEvents,
  textMessages,
} from '../../db/schema';
import { textablePhone } from '../messages/phone';
import { eraseReviews } from '../reviews/reviews';
import { ValidationError } from '../../errors';
import { accountMessages } from '@shared/account-messages';
import { findRegisteredCustomer } from './log-in';
import { claimOneTimeCode, issueOneTimeCode, limitedAccountLookup } from './one-time-codes';

export const DELETION_CODE_TTL_MS = 10 * 60 * 1000;
export const DELETION_CODE_MAX_ATTEMPTS = 5;

/**
 * Step 1 of account deletion: e-mails a 6-digit code when the e-mail has an account. The
 * caller answers the same either way.
 */
export async function sendDeletionCode(
  deps: Pick<AppServices, 'db' | 'mail' | 'config' | 'now'>,
  input: { email: string; ip: string },
): Promise<void> {
  const now = deps.now();
  const customer = await limitedAccountLookup(deps, { ...input, limits: rateRules.deletionCode });
  if (!customer) return;
  await deps.db.transaction(async (tx) => {
    const code = await issueOneTimeCode(tx, {
      customerId: customer.id,
      purpose: 'delete_account',
      ttlMs: DELETION_CODE_TTL_MS,
      now,
    });
    const { html, text } = renderEmail(deps.config.brand, {
      heading: 'Your code to delete your account',
      paragraphs: [
        `Hello ${customer.name},`,
        `Your one-time code is ${code}. Enter it on our website within 10 minutes to delete your account.`,
        'Deleting your account erases your name, e-mail, phone, addresses and password. If you did not ask for this, ignore this e-mail and nothing will change.',
      ],
      details: [{ label: 'One-time code', value: code }],
    });
    await deps.mail.enqueue(
      {
        to: customer.email,
        subject: 'Your code to delete your account',
        html,
        text,
        template: 'account-deletion-code',
      },
      tx,
    );
  });
}

/**
 * Step 2: checks the code (10 minutes, 5 tries) and erases the account. A wrong code, an
 * expired one and an unknown e-mail give the same answer.
 */
export async function deleteAccountWithCode(
  deps: Pick<AppServices, 'db' | 'storage' | 'logger' | 'now'>,
  input: { email: string; otp: string; ip: string },
): Promise<void> {
  const now = deps.now();
  await hitRateLimit(deps.db, rateRules.codeCheckPerIp, input.ip, now);
  const wrong = () =>
    new ValidationError(
      accountMessages.deleteCodeWrong,
      {
        otp: [accountMessages.deleteCodeWrong],
      },
      'one-time-code-wrong',
    );
  const customer = await findRegisteredCustomer(deps.db, input.email);
  if (!customer) throw wrong();
  const outcome = await deps.db.transaction(async (tx) => {
    const claimed = await claimOneTimeCode(tx, {
      customerId: customer.id,
      purpose: 'delete_account',
      code: input.otp,
      maxAttempts: DELETION_CODE_MAX_ATTEMPTS,
      now,
    });
    if (claimed !== 'claimed') return claimed;
    return eraseCustomer(tx, { customerId: customer.id, now });
  });
  if (typeof outcome === 'object') {
    // The photos' rows went with the account; their images go once that is committed.
    await forgetStoredPhotos(deps, outcome.photoKeys);
    return;
  }
  // Used-up tries answer like a wrong code: a different reply would tell a stranger who
  // requested a code for someone's e-mail that the account exists.
  throw wrong();
}

const ERASED_NAME = 'Deleted customer';
const ERASED_TEXT = '(erased at the customer’s request)';

/**
 * Erases the person: name, e-mail, phone, password, addresses, sessions and codes of the
 * account, and of guest checkouts made with the same e-mail. Orders stay for the accounts,
 * anonymised (only the postcode district is kept); what the customer and the driver wrote on
 * them (messages, cases, where a bag was left, pocket finds) is blanked, and their photos
 * (doorsteps, garments) are deleted; their texts lose the number and the words (issue 17): the keys of the images are returned, for the caller to
 * delete from storage once this transaction has committed.
 */
export async function eraseCustomer(
  tx: DbOrTx,
  input: { customerId: string; now: Date },
): Promise<{ photoKeys: string[] }> {
  const { customerId, now } = input;
  const [account] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!account) return { photoKeys: [] };
  const people = await tx
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(
      or(
        eq(customers.id, customerId),
        and(eq(customers.email, account.email), eq(customers.isGuest, true)),
      ),
    );
  const ids = people.map((p) => p.id);
  await tx.delete(sessions).where(inArray(sessions.customerId, ids));
  await tx.delete(oneTimeCodes).where(inArray(oneTimeCodes.customerId, ids));
  await tx.delete(checkoutTokens).where(inArray(checkoutTokens.customerId, ids));
  await tx.delete(customerAddresses).where(inArray(customerAddresses.customerId, ids));
  // Issue 18: how they like their garments cared for, and how to get into their home.
  await tx.delete(carePreferences).where(inArray(carePreferences.customerId, ids));
  // Repeat collections (issue 18) and their occurrences (by cascade): addresses and habits.
  await tx.delete(recurringPlans).where(inArray(recurringPlans.customerId, ids));
  await tx
    .update(orders)
    .set({
      customerName: ERASED_NAME,
      customerEmail: '',
      customerPhone: '',
      customerNotes: '',
      accessNotes: '',
      companyName: '',
      doorNumber: '',
      fullAddress: '',
      addressJson: null,
      ip: null,
      // Keep the outward code (e.g. W9): enough for the accounts, not enough to find a home.
      postcode: sql`split_part(${orders.postcode}, ' ', 1)`,
    })
    .where(inArray(orders.customerId, ids));
  const theirOrders = tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.customerId, ids));
  await tx
    .update(orderMessages)
    .set({ body: ERASED_TEXT })
    .where(and(inArray(orderMessages.orderId, theirOrders), eq(orderMessages.author, 'customer')));
  await tx
    .update(orderCases)
    .set({ body: ERASED_TEXT })
    .where(inArray(orderCases.orderId, theirOrders));
  await tx
    .update(stopEvents)
    .set({ note: '', leftWith: '', sealNumbers: [] })
    .where(inArray(stopEvents.orderId, theirOrders));
  await tx
    .update(orderGarments)
    .set({ pocketNote: '' })
    .where(inArray(orderGarments.orderId, theirOrders));
  const erasedPhotos = await tx
    .delete(photos)
    .where(inArray(photos.orderId, theirOrders))
    .returning({ key: photos.storageKey });
  // Issue 17: their texts both ways (by account, by order, or by their numbers) keep their
  // status for the accounts but lose the number and the words. An opt-out (STOP) stays: it
  // holds only the number, and it protects them from texts should it reach us again.
  const phones = people.map((p) => textablePhone(p.phone)).filter((p): p is string => !!p);
  await tx
    .update(textMessages)
    .set({ phone: '', body: ERASED_TEXT })
    .where(
      or(
        inArray(textMessages.customerId, ids),
        inArray(textMessages.orderId, theirOrders),
        phones.length ? inArray(textMessages.phone, phones) : undefined,
      ),
    );
  // Issue 18: their reviews keep the rating, not the words or the name (decision 038).
  await eraseReviews(tx, { customerIds: ids });
  for (const id of ids) {
    await tx
      .update(customers)
      .set({
        name: ERASED_NAME,
        // Unique per row and never deliverable; the partial unique index ignores erased rows.
        email: `erased-${id}@invalid`,
        phone: '',
        passwordHash: null,
        // Issue 18: the referral code was made from the name; it stops working.
        referralCode: null,
        // Nothing is sent to an erased customer; the time of the last marketing choice stays
        // as the record of consent for what was sent before.
        notifyEmail: false,
        notifySms: false,
        notifyWhatsapp: false,
        marketingEmail: false,
        marketingSms: false,
        deletedAt: now,
      })
      .where(eq(customers.id, id));
  }
  return { photoKeys: erasedPhotos.map((p) => p.key) };
}
