import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

/**
 * One JSON line per request: method, route path (no query string: it may hold e-mails or
 * tokens), status and duration. No IPs, cookies or bodies.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // originalUrl: routers strip their mount path from req.path while they handle it.
      const full = req.originalUrl.split('?')[0] ?? '';
      const path = full.startsWith('/reset-password/') ? '/reset-password/:token' : full;
      const fields = { method: req.method, path, status: res.statusCode, ms: Math.round(ms) };
      if (res.statusCode >= 500) logger.error('request', fields);
      else logger.info('request', fields);
    });
    next();
  };
}
