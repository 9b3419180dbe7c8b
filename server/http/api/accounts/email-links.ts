import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { accountMessages, emailChangedMessage } from '@shared/account-messages';
import { messages } from '@shared/validation';
import { clearedSessionCookies } from '../../../auth/cookies';
import { isSecure } from '../../../auth/middleware';
import { UNIFORM_REPLY_MS, withMinimumDuration } from '../../../auth/timing';
import type { AppServices } from '../../../services';
import { confirmEmailChange } from '../../../use-cases/accounts/change-email';
import {
  deleteAccountWithCode,
  sendDeletionCode,
} from '../../../use-cases/accounts/delete-account';
import { requestPasswordReset, resetPassword } from '../../../use-cases/accounts/reset-password';
import { route } from '../../contract-routes';
import { clientIp } from '../../identity';

/**
 * What e-mailed links and codes do without a session: reset the password, confirm a new
 * e-mail address, delete an account. Requests that would tell whether an address has an
 * account take the same time for any address.
 */
export function emailLinkRoutes(app: FastifyInstance, services: AppServices) {
  const secure = isSecure(services);
  const e = api.accounts;

  route(
    app,
    e.requestPasswordReset,
    { invalidMessage: messages.loginEmail },
    async ({ body }, request) => {
      await withMinimumDuration(UNIFORM_REPLY_MS, () =>
        requestPasswordReset(services, { email: body.email, ip: clientIp(request) }),
      );
      return { status: true, message: accountMessages.resetSent };
    },
  );

  // The form behind the e-mailed link (/reset-password/{token}).
  route(app, e.resetPassword, {}, async ({ body }, request) => {
    await resetPassword(services, { ...body, ip: clientIp(request) });
    return { status: true, message: accountMessages.passwordReset };
  });

  // The link e-mailed to a new address (/account/confirm-email/{token}); the page posts the
  // same confirmation as a form, the app calls this.
  route(
    app,
    e.confirmEmailChange,
    { invalidMessage: accountMessages.emailChangeInvalid },
    async ({ body }, request) => {
      const changed = await confirmEmailChange(services, {
        token: body.token,
        ip: clientIp(request),
      });
      return { status: true, message: emailChangedMessage(changed.email), email: changed.email };
    },
  );

  route(
    app,
    e.sendDeletionCode,
    { invalidMessage: messages.deleteEmail },
    async ({ body }, request) => {
      await withMinimumDuration(UNIFORM_REPLY_MS, () =>
        sendDeletionCode(services, { email: body.email, ip: clientIp(request) }),
      );
      return { status: true, message: accountMessages.deleteCodeSent };
    },
  );

  route(
    app,
    e.deleteAccount,
    { invalidMessage: messages.deleteOtp },
    async ({ body }, request, reply) => {
      await withMinimumDuration(UNIFORM_REPLY_MS, () =>
        deleteAccountWithCode(services, { ...body, ip: clientIp(request) }),
      );
      reply.header('Set-Cookie', clearedSessionCookies({ secure }));
      return { status: true, delete: true, message: accountMessages.deleted };
    },
  );
}
