import { z } from 'zod';
import { text } from '../../text';
import { ok } from '../contract';

/* What the accounts' endpoint areas share: the plain reply, the user, the customer's session. */

export const message = z.object({ status: ok, message: text() });

export const user = z
  .object({ name: text(), email: text(), phone_number: text() })
  .meta({ id: 'User', description: 'Spec 3: the user of the login reply (USER_DATA).' });

/** A logged-in customer: the app's Bearer token or the website's cookie. */
export const session = ['bearer', 'cookie'] as const;
