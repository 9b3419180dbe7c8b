import type { onResponseHookHandler } from 'fastify';
import type { Logger } from '../logger';

/*
 * Paths whose segment after the prefix is a secret: whoever reads it can act as the link's
 * holder (issue 31). The query string is never logged (it carries the signed links' `t`, `sig`
 * and e-mails), so these are the secrets that live in the path itself: the password reset and
 * e-mail change tokens, and the tracking token (page, its `.data` twin and the API).
 */
const SECRET_PATHS: readonly { prefix: string; as: string }[] = [
  { prefix: '/reset-password/', as: '/reset-password/:token' },
  { prefix: '/account/confirm-email/', as: '/account/confirm-email/:token' },
  { prefix: '/track/', as: '/track/:token' },
  { prefix: '/api/track/', as: '/api/track/:token' },
];

/**
 * The path of a request as logs may show it: no query string, and a secret in the path (see
 * SECRET_PATHS) replaced by its name, with whatever followed it dropped.
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const secret = SECRET_PATHS.find((p) => path.toLowerCase().startsWith(p.prefix));
  return secret ? secret.as : path;
}

/**
 * One log line per request: method, path (no query string: it may hold e-mails or tokens; no
 * secret of a path, `loggedPath`), status and duration. No IPs, cookies or bodies.
 */
export function requestLog(logger: Logger): onResponseHookHandler {
  return (request, reply, done) => {
    const path = loggedPath(request.url);
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
