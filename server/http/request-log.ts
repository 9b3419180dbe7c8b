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
    // Vite's development server answers 504 for a module of a dependency bundle it has just
    // re-optimised (a dependency found on first load); the browser reloads. Not our error.
    const viteReoptimised = reply.statusCode === 504 && path.startsWith('/node_modules/.vite/');
    if (reply.statusCode >= 500 && !viteReoptimised) logger.error('request', fields);
    else logger.info('request', fields);
    done();
  };
}
