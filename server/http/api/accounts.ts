import type { FastifyInstance, FastifyReply } from 'fastify';
import { api } from '@shared/api';
import { messages } from '@shared/validation';
import { clearedSessionCookie, sessionCookie, tokenFromCredentials } from '../../auth/cookies';
import { isSecure } from '../../auth/middleware';
import { findSession, revokeSession } from '../../auth/sessions';
import { UNIFORM_REPLY_MS, withMinimumDuration } from '../../auth/timing';
import { ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { confirmEmailChange } from '../../use-cases/accounts/change-email';
import {
  accountMessages,
  emailChangedMessage,
  emailChangeSentMessage,
} from '@shared/account-messages';
import { checkLoginEmail, logIn } from '../../use-cases/accounts/log-in';
import { registerCustomer } from '../../use-cases/accounts/register-customer';
import { cancelOrder } from '../../use-cases/accounts/cancel-order';
import { rescheduleOrder } from '../../use-cases/orders/reschedule-order';
import { deleteAccountWithCode, sendDeletionCode } from '../../use-cases/accounts/delete-account';
import { listCustomerOrders } from '../../use-cases/accounts/list-customer-orders';
import { customerOrdersView } from '../../use-cases/orders/present-order-for-customer';
import { customerView } from '../../use-cases/orders/present-order-parts';
import { requestPasswordReset, resetPassword } from '../../use-cases/accounts/reset-password';
import { changePassword, updateProfile } from '../../use-cases/accounts/update-profile';
import { route } from '../contract-routes';
import {
  getMessagePreferences,
  updateMessagePreferences,
} from '../../use-cases/messages/message-preferences';
import { preferencesView } from '../../use-cases/messages/present-texts';
import { preferenceMessages } from '@shared/message-preferences';
import { clientIp, credentialsOf, customerGuard, customerOf } from '../identity';

/** /api routes of the accounts feature (spec section 7). */
export function accountsRoutes(app: FastifyInstance, services: AppServices) {
  const secure = isSecure(services);
  const clearCookie = (reply: FastifyReply) =>
    reply.header('Set-Cookie', clearedSessionCookie({ secure }));
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
    reply.header('Set-Cookie', sessionCookie(result.token, { secure, expires: result.expiresAt }));
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
    clearCookie(reply);
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
      clearCookie(reply);
      return { status: true, delete: true, message: accountMessages.deleted };
    },
  );

  // ─── Logged in (Bearer or cookie): the session is checked before the request is read ───
  const loggedIn = { preHandler: customerGuard(services) };

  route(app, e.orders, loggedIn, async (_, request) => {
    const me = customerOf(request);
    const mine = await listCustomerOrders(services, { customerId: me.id });
    return { status: true, customer: customerOrdersView(services.config.brand, mine) };
  });

  route(app, e.cancelOrder, loggedIn, async ({ params }, request) => {
    const me = customerOf(request);
    const result = await cancelOrder(services, { customerId: me.id, orderId: params.id });
    return {
      status: true,
      message: `Order ${result.orderNo} is cancelled. We have e-mailed you a confirmation.`,
    };
  });

  route(app, e.rescheduleOrder, loggedIn, async ({ params, body }, request) => {
    const me = customerOf(request);
    const moved = await rescheduleOrder(services, {
      customerId: me.id,
      orderId: params.id,
      leg: body.leg,
      date: body.date,
      start: body.time,
    });
    return {
      status: true,
      message: `Your new ${moved.leg} time is ${moved.window}. We have e-mailed you a confirmation.`,
      order_no: moved.orderNo,
      leg: moved.leg,
      window: moved.window,
      collection: moved.collection,
      delivery: moved.delivery,
      delivery_moved: moved.deliveryMoved,
    };
  });

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
    clearCookie(reply);
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
      clearCookie(reply);
      return { status: true, delete: true, message: accountMessages.deleted };
    },
  );
}
