import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  deleteAccountCodeSchema,
  deleteAccountEmailSchema,
  loginEmailSchema,
  loginSchema,
  messages,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  profileUpdateSchema,
  registrationSchema,
} from '@shared/validation';
import { clearedSessionCookie, sessionCookie, tokenFromCredentials } from '../../auth/cookies';
import { clientIp, customerOf, isSecure, requireCustomer } from '../../auth/middleware';
import { hitRateLimit, rateRules } from '../../auth/rate-limit';
import { findSession, revokeSession } from '../../auth/sessions';
import { withMinimumDuration } from '../../auth/timing';
import { ValidationError } from '../../errors';
import type { AppServices } from '../../services';
import { accountMessages } from '../../use-cases/accounts/errors';
import { logIn } from '../../use-cases/accounts/log-in';
import { registerCustomer } from '../../use-cases/accounts/register-customer';
import { cancelOrder } from '../../use-cases/accounts/cancel-order';
import { deleteAccountWithCode, sendDeletionCode } from '../../use-cases/accounts/delete-account';
import { listCustomerOrders } from '../../use-cases/accounts/list-customer-orders';
import { requestPasswordReset, resetPassword } from '../../use-cases/accounts/reset-password';
import { changePassword, updateProfile } from '../../use-cases/accounts/update-profile';
import { parseBody, parseParams } from '../parse';

/** Replies that must not reveal whether an account exists wait at least this long. */
const UNIFORM_REPLY_MS = 400;

const orderIdParams = z.object({ id: z.uuid({ error: 'We could not find that order.' }) });
const loggedInDeleteSchema = z.object({
  otp: z
    .string({ error: messages.deleteOtp })
    .trim()
    .regex(/^\d{6}$/, messages.deleteOtp)
    .optional(),
});

/** /api routes of the accounts feature (spec section 7). */
export function accountsRoutes(services: AppServices): Router {
  const router = Router();
  const secure = isSecure(services);
  const mailDeps = { db: services.db, mail: services.mail, brand: services.config.brand };
  const clearCookie = (res: Response) => res.append('Set-Cookie', clearedSessionCookie({ secure }));

  // The e-mail step of /login. Every well-formed e-mail gets the same reply without a look-up,
  // so it cannot be used to find out who has an account.
  router.post('/account/validations/email', async (req, res) => {
    parseBody(loginEmailSchema, req.body, messages.loginEmail);
    await hitRateLimit(services.db, rateRules.emailCheckPerIp, clientIp(req), services.now());
    res.json({ status: true, reqCode: 'VALIDATE_EMAIL', message: 'Please enter your password.' });
  });

  router.post('/login', async (req, res) => {
    const input = parseBody(loginSchema, req.body, messages.mandatory);
    const result = await logIn(
      services.db,
      { ...input, ip: clientIp(req), userAgent: req.get('user-agent') },
      services.now(),
    );
    res.append('Set-Cookie', sessionCookie(result.token, { secure, expires: result.expiresAt }));
    res.json({
      status: true,
      reqCode: 'ACC_LOGIN',
      message: 'You are logged in.',
      user: {
        name: result.customer.name,
        email: result.customer.email,
        phone_number: result.customer.phone,
      },
      token: result.token,
    });
  });

  // Ends the session the request carries (Bearer or cookie); answers the same without one.
  router.post('/logout', async (req, res) => {
    const found = tokenFromCredentials({
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
    });
    if (found) {
      const session = await findSession(services.db, found.token, services.now());
      if (session) await revokeSession(services.db, session.sessionId, services.now());
    }
    clearCookie(res);
    res.json({ status: true, message: 'You have been logged out.' });
  });

  router.post('/register', async (req, res) => {
    await hitRateLimit(services.db, rateRules.registerPerIp, clientIp(req), services.now());
    const input = parseBody(registrationSchema, req.body, messages.mandatory);
    if (!input.address) {
      throw new ValidationError(messages.mandatory, { address: [accountMessages.addressRequired] });
    }
    const created = await registerCustomer(
      services.db,
      { ...input, address: input.address },
      services.now(),
    );
    res.json({
      status: true,
      message: accountMessages.registered,
      customer_id: created.customerId,
      address_id: created.addressId,
      checkout_token: created.checkoutToken,
    });
  });

  router.post('/account/reset/password', async (req, res) => {
    const input = parseBody(passwordResetRequestSchema, req.body, messages.loginEmail);
    await withMinimumDuration(UNIFORM_REPLY_MS, () =>
      requestPasswordReset(
        { ...mailDeps, publicUrl: services.config.publicUrl },
        { email: input.email, ip: clientIp(req) },
        services.now(),
      ),
    );
    res.json({ status: true, message: accountMessages.resetSent });
  });

  // The form behind the e-mailed link (/reset-password/{token}).
  router.post('/account/reset/password/confirm', async (req, res) => {
    const input = parseBody(passwordResetSchema, req.body, messages.mandatory);
    await hitRateLimit(services.db, rateRules.codeCheckPerIp, clientIp(req), services.now());
    await resetPassword(services.db, input, services.now());
    res.json({ status: true, message: accountMessages.passwordReset });
  });

  router.post('/account/confirm/delete', async (req, res) => {
    const input = parseBody(deleteAccountEmailSchema, req.body, messages.deleteEmail);
    await withMinimumDuration(UNIFORM_REPLY_MS, () =>
      sendDeletionCode(mailDeps, { email: input.email, ip: clientIp(req) }, services.now()),
    );
    res.json({ status: true, message: accountMessages.deleteCodeSent });
  });

  router.post('/account/delete', async (req, res) => {
    const input = parseBody(deleteAccountCodeSchema, req.body, messages.deleteOtp);
    await withMinimumDuration(UNIFORM_REPLY_MS, () =>
      deleteAccountWithCode(mailDeps, { ...input, ip: clientIp(req) }, services.now()),
    );
    clearCookie(res);
    res.json({ status: true, delete: true, message: accountMessages.deleted });
  });

  // ─── Logged in (Bearer or cookie) ───
  const loggedIn = requireCustomer(services);

  router.get('/orders', loggedIn, async (_req, res) => {
    const customer = await listCustomerOrders(services.db, customerOf(res).id, services.now());
    res.json({ status: true, customer });
  });

  router.post('/orders/:id/cancel', loggedIn, async (req, res) => {
    const { id } = parseParams(orderIdParams, req.params);
    const result = await cancelOrder(
      mailDeps,
      { customerId: customerOf(res).id, orderId: id },
      services.now(),
    );
    res.json({
      status: true,
      message: `Order ${result.orderNo} is cancelled. We have e-mailed you a confirmation.`,
    });
  });

  router.post('/updateprofile', loggedIn, async (req, res) => {
    const input = parseBody(profileUpdateSchema, req.body, messages.mandatory);
    const updated = await updateProfile(services.db, customerOf(res).id, input, services.now());
    res.json({
      status: true,
      message: accountMessages.profileUpdated,
      user: { name: updated.name, email: updated.email, phone_number: updated.phone },
    });
  });

  router.post('/changepassword', loggedIn, async (req, res) => {
    const input = parseBody(passwordChangeSchema, req.body, messages.mandatory);
    await changePassword(services.db, customerOf(res).id, input, services.now());
    clearCookie(res);
    res.json({ status: true, message: accountMessages.passwordChanged });
  });

  // A logged-in customer deletes their own account: without `otp` the code goes to the
  // account's e-mail, with it the account is erased (the same two steps as /account/delete).
  router.post('/delete-account', loggedIn, async (req, res) => {
    const input = parseBody(loggedInDeleteSchema, req.body, messages.deleteOtp);
    const customer = customerOf(res);
    if (!input.otp) {
      await sendDeletionCode(
        mailDeps,
        { email: customer.email, ip: clientIp(req) },
        services.now(),
      );
      res.json({
        status: true,
        message: `We have sent a 6-digit code to ${customer.email}. The code expires in 10 minutes.`,
      });
      return;
    }
    await deleteAccountWithCode(
      mailDeps,
      { email: customer.email, otp: input.otp, ip: clientIp(req) },
      services.now(),
    );
    clearCookie(res);
    res.json({ status: true, delete: true, message: accountMessages.deleted });
  });

  return router;
}
