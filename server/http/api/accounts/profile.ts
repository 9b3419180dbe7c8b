import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { accountMessages, emailChangeSentMessage } from '@shared/account-messages';
import { preferenceMessages } from '@shared/message-preferences';
import { messages } from '@shared/validation';
import { clearedSessionCookies } from '../../../auth/cookies';
import { isSecure } from '../../../auth/middleware';
import type { AppServices } from '../../../services';
import {
  deleteAccountWithCode,
  sendDeletionCode,
} from '../../../use-cases/accounts/delete-account';
import { changePassword, updateProfile } from '../../../use-cases/accounts/update-profile';
import {
  getMessagePreferences,
  updateMessagePreferences,
} from '../../../use-cases/messages/message-preferences';
import { preferencesView } from '../../../use-cases/messages/present-texts';
import { customerView } from '../../../use-cases/orders/present-order-parts';
import { route } from '../../contract-routes';
import { clientIp, customerGuard, customerOf } from '../../identity';

/**
 * The logged-in customer's own account (Bearer or cookie, checked before the request is
 * read): profile, message choices, password, and deleting the account.
 */
export function profileRoutes(app: FastifyInstance, services: AppServices) {
  const secure = isSecure(services);
  const loggedIn = { preHandler: customerGuard(services) };
  const e = api.accounts;

  route(app, e.updateProfile, loggedIn, async ({ body }, request) => {
    const me = customerOf(request);
    const updated = await updateProfile(services, { ...body, customerId: me.id });
    return {
      status: true,
      // A new e-mail waits for its link; the reply is the same whoever owns the address.
      message: updated.emailChangeRequested
        ? emailChangeSentMessage(body.email)
        : accountMessages.profileUpdated,
      user: customerView(updated),
      pending_email: updated.pendingEmail,
    };
  });

  // Issue 17: the message choices (decision 032), as the account page's form sets them.
  route(app, e.preferences, loggedIn, async (_, request) => {
    const me = customerOf(request);
    const found = await getMessagePreferences(services, { customerId: me.id });
    return { status: true, preferences: preferencesView(found) };
  });

  route(
    app,
    e.updatePreferences,
    { ...loggedIn, invalidMessage: preferenceMessages.invalid },
    async ({ body }, request) => {
      const me = customerOf(request);
      const saved = await updateMessagePreferences(services, { ...body, customerId: me.id });
      return {
        status: true,
        message: preferenceMessages.saved,
        preferences: preferencesView(saved),
      };
    },
  );

  route(app, e.changePassword, loggedIn, async ({ body }, request, reply) => {
    const me = customerOf(request);
    await changePassword(services, { ...body, customerId: me.id });
    reply.header('Set-Cookie', clearedSessionCookies({ secure }));
    return { status: true, message: accountMessages.passwordChanged };
  });

  // A logged-in customer deletes their own account: without `otp` the code goes to the
  // account's e-mail, with it the account is erased (the same two steps as /account/delete).
  route(
    app,
    e.deleteOwnAccount,
    { ...loggedIn, invalidMessage: messages.deleteOtp },
    async ({ body }, request, reply) => {
      const me = customerOf(request);
      if (!body.otp) {
        await sendDeletionCode(services, { email: me.email, ip: clientIp(request) });
        return {
          status: true,
          message: `We have sent a 6-digit code to ${me.email}. The code expires in 10 minutes.`,
        };
      }
      await deleteAccountWithCode(services, {
        email: me.email,
        otp: body.otp,
        ip: clientIp(request),
      });
      reply.header('Set-Cookie', clearedSessionCookies({ secure }));
      return { status: true, delete: true, message: accountMessages.deleted };
    },
  );
}
