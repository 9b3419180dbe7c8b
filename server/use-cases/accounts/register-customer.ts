import { isUniqueViolation } from '../../db/errors';
import { normaliseUkMobile, type AddressInput } from '@shared/validation';
import { issueCheckoutToken } from '../../auth/checkout-token';
import { hashPassword } from '../../auth/passwords';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { renderEmail } from '../../adapters/mail/layout';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema';
import { findRegisteredCustomer } from './log-in';
import type { AppServices } from '../../services';
import { saveCustomerAddress } from './save-address';

export type Registration = {
  name: string;
  email: string;
  phone: string;
  password: string;
  address: AddressInput;
};

/**
 * Creates a registered customer with their address, or, when the e-mail already has an
 * account, answers exactly as if it had (issue 31, N6: registration must not tell a stranger
 * who has an account): the caller gets the same reply, with a guest's customer row and
 * checkout token, so a sign-up at checkout goes on as a guest order, and the account's owner
 * gets an e-mail saying someone tried to sign up with their address. The password typed is
 * never stored. The partial unique index on customers.email decides whether the e-mail is
 * free; the check before it only gives the common case a friendly path. Limited per IP.
 */
export async function registerCustomer(
  deps: Pick<AppServices, 'db' | 'now' | 'mail' | 'config'>,
  input: Registration & { ip: string },
): Promise<{ customerId: string; addressId: string; checkoutToken: string }> {
  const { db } = deps;
  const now = deps.now();
  await hitRateLimit(db, rateRules.registerPerIp, input.ip, now);
  // Hashed whether or not the address is taken: both replies take as long.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const owner = await findRegisteredCustomer(tx, input.email);
      if (owner) return signUpOverAccount(tx, deps, { ...input, owner, now });
      return newCustomer(tx, { ...input, passwordHash, isGuest: false, now });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Registered by someone else a moment ago: the same as taken.
    return db.transaction(async (tx) => {
      const owner = await findRegisteredCustomer(tx, input.email);
      if (!owner) throw error;
      return signUpOverAccount(tx, deps, { ...input, owner, now });
    });
  }
}

/** The customer row, their address and a checkout token, in the caller's transaction. */
async function newCustomer(
  tx: DbOrTx,
  input: Registration & { passwordHash: string | null; isGuest: boolean; now: Date },
) {
  const [customer] = await tx
    .insert(customers)
    .values({
      name: input.name,
      email: input.email,
      phone: normaliseUkMobile(input.phone),
      passwordHash: input.passwordHash,
      isGuest: input.isGuest,
    })
    .returning({ id: customers.id });
  const address = await saveCustomerAddress(tx, {
    customerId: customer!.id,
    address: input.address,
    now: input.now,
  });
  const checkoutToken = await issueCheckoutToken(
    tx,
    { customerId: customer!.id, addressId: address!.id },
    input.now,
  );
  return { customerId: customer!.id, addressId: address!.id, checkoutToken };
}

/**
 * A sign-up with an address that has an account: the owner is told by e-mail, and the
 * caller goes on as a guest (a guest's row, as a guest checkout with that e-mail would make).
 */
async function signUpOverAccount(
  tx: DbOrTx,
  deps: Pick<AppServices, 'mail' | 'config'>,
  input: Registration & { owner: { name: string; email: string }; now: Date },
) {
  const { brand, publicUrl } = deps.config;
  const { owner } = input;
  const mail = renderEmail(brand, {
    heading: 'Someone tried to sign up with your address',
    paragraphs: [
      `Hello ${owner.name},`,
      `Someone tried to sign up for a new account with ${brand.name} using ${owner.email}. This address already has an account, so no new account was made and your account has not changed.`,
      `If it was you, log in at ${publicUrl}/login with this address, or reset your password there ("Reset it here") if you have forgotten it. If it was not you, you need not do anything.`,
    ],
    action: { label: 'Log in', url: `${publicUrl}/login` },
  });
  await deps.mail.enqueue(
    {
      to: owner.email,
      subject: 'Someone tried to sign up with your e-mail address',
      ...mail,
      template: 'signup-address-taken',
    },
    tx,
  );
  return newCustomer(tx, { ...input, passwordHash: null, isGuest: true });
}
