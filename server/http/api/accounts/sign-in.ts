import type { FastifyInstance } from 'fastify';
import { api } from '@shared/api';
import { accountMessages } from '@shared/account-messages';
import { messages } from '@shared/validation';
import { clearedSessionCookies, sessionCookies, tokenFromCredentials } from '../../../auth/cookies';
import { isSecure } from '../../../auth/middleware';
import { findSession, revokeSession } from '../../../auth/sessions';
import { ValidationError } from '../../../errors';
import type { AppServices } from '../../../services';
import { checkLoginEmail, logIn } from '../../../use-cases/accounts/log-in';
import { registerCustomer } from '../../../use-cases/accounts/register-customer';
import { customerView } from '../../../use-cases/orders/present-order-parts';
import { route } from '../../contract-routes';
import { clientIp, credentialsOf } from '../../identity';

/** The two-step login, logging out and registration (spec section 7). */
export function signInRoutes(app: FastifyInstance, services: AppServices) {
  const secure = isSecure(services);
  const e = api.accounts;

  // The e-mail step of /login. Every well-formed e-mail gets the same reply without a look-up,
  // so it cannot be used to find out who has an account.
  route(app, e.checkLoginEmail, { invalidMessage: messages.loginEmail }, async (_, request) => {
    await checkLoginEmail(services, { ip: clientIp(request) });
    return { status: true, reqCode: 'VALIDATE_EMAIL', message: 'Please enter your password.' };
  });

  route(app, e.logIn, {}, async ({ body }, request, reply) => {
    const result = await logIn(services, {
      ...body,
      ip: clientIp(request),
      userAgent: request.headers['user-agent'],
    });
    reply.header(
      'Set-Cookie',
      sessionCookies(result.token, {
        secure,
        expires: result.expiresAt,
        name: result.customer.name,
      }),
    );
    return {
      status: true,
      reqCode: 'ACC_LOGIN',
      message: 'You are logged in.',
      user: customerView(result.customer),
      token: result.token,
    };
  });

  // Ends the session the request carries (Bearer or cookie); answers the same without one.
  route(app, e.logOut, {}, async (_, request, reply) => {
    const found = tokenFromCredentials(credentialsOf(request));
    if (found) {
      const session = await findSession(services.db, found.token, services.now());
      if (session) await revokeSession(services.db, session.sessionId, services.now());
    }
    reply.header('Set-Cookie', clearedSessionCookies({ secure }));
    return { status: true, message: 'You have been logged out.' };
  });

  route(app, e.register, {}, async ({ body }, request) => {
    if (!body.address) {
      throw new ValidationError(messages.mandatory, { address: [accountMessages.addressRequired] });
    }
    const created = await registerCustomer(services, {
      ...body,
      address: body.address,
      ip: clientIp(request),
    });
    return {
      status: true,
      message: accountMessages.registered,
      customer_id: created.customerId,
      address_id: created.addressId,
      checkout_token: created.checkoutToken,
    };
  });
}
