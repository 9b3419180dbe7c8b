/*
 * What account pages may ask of the server: who is logged in, sessions' cookies, the account use-cases.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export {
  clearedSessionCookies,
  sessionCookies,
  setCookieHeaders,
  tokenFromCredentials,
} from '@server/auth/cookies';
export { getCurrentCustomer } from '@server/auth/current-customer';
export { isSecure } from '@server/auth/middleware';
export { findSession, revokeSession } from '@server/auth/sessions';
export { UNIFORM_REPLY_MS, withMinimumDuration } from '@server/auth/timing';
export { confirmEmailChange, findEmailChangeLink } from '@server/use-cases/accounts/change-email';
export { deleteAccountWithCode, sendDeletionCode } from '@server/use-cases/accounts/delete-account';
export { listCustomerOrders } from '@server/use-cases/accounts/list-customer-orders';
export { checkLoginEmail, logIn } from '@server/use-cases/accounts/log-in';
export { registerCustomer } from '@server/use-cases/accounts/register-customer';
export {
  isResetLinkValid,
  requestPasswordReset,
  resetPassword,
} from '@server/use-cases/accounts/reset-password';
export { changePassword, updateProfile } from '@server/use-cases/accounts/update-profile';
export {
  getMessagePreferences,
  updateMessagePreferences,
} from '@server/use-cases/messages/message-preferences';
export { preferencesView } from '@server/use-cases/messages/present-texts';
export { accountCredit } from '@server/use-cases/credit/account-credit';
