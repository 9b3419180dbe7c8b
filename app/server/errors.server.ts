/*
 * The errors use-cases throw, their HTTP statuses, and the log fields of an error.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export { AppError, UnauthorizedError, ValidationError, isRefusal } from '@server/errors';
export { httpStatusOf } from '@server/error-status';
export { errorFields } from '@server/logger';
export { isDatabaseUnavailable } from '@server/db/errors';
