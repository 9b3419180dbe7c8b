import type { onResponseHookHandler } from 'fastify';
import type { Logger } from '../logger';

/**
 * One log line per request: method, path (no query string: it may hold e-mails or tokens),
 * status and duration. No IPs, cookies or bodies.
 */
export function requestLog(logger: Logger): onResponseHookHandler {
  return (request, reply, done) => {
    const full = request.url.split('?')[0] ?? '';
    // Paths that carry an e-mailed secret are logged without it.
    const path = full.startsWith('/reset-password/')
      ? '/reset-password/:token'
      : full.startsWith('/account/confirm-email/')
        ? '/account/confirm-email/:token'
        : full;
    const fields = {
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) logger.error('request', fields);
    else logger.info('request', fields);
    done();
  };
}
