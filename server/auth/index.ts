/** Session contract for other features: look-up, the /api guard and CSRF protection. */
export { getCurrentCustomer, type CurrentCustomer } from './current-customer';
export { requireCustomer, customerOf, csrfProtection, clientIp, isSecure } from './middleware';
export { createSession, revokeSession, revokeCustomerSessions } from './sessions';
export { hashPassword, verifyPassword } from './passwords';
export { hitRateLimit, rateRules } from './rate-limit';
export { SESSION_COOKIE, sessionCookie, clearedSessionCookie } from './cookies';
