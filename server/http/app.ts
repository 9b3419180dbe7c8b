import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';
import type { AppServices } from '../services';
import { errorFields } from '../logger';
import { clientIp, pageCsrfProtection } from '../auth/middleware';
import { createApiRouter } from './api';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { sharedPageCache } from './page-cache';
import { findImage } from '../use-cases/admin/uploads';

export type PagesMode =
  /** Vite in middleware mode: compiles app/ on request (npm start, page tests). */
  | 'vite'
  /** The output of `npm run build` (NODE_ENV=production). */
  | 'build'
  /** API only (API tests). */
  | 'none';

export type HttpApp = { app: express.Express; close(): Promise<void> };

export async function createHttpApp(services: AppServices, pages: PagesMode): Promise<HttpApp> {
  const app = express();
  app.disable('x-powered-by');
  // req.ip honours X-Forwarded-For only from the configured number of proxies in front.
  app.set('trust proxy', services.config.trustProxyHops);
  app.use(
    securityHeaders({
      production: services.config.mode === 'production',
      stripeJsUrl: services.config.stripe?.jsUrl,
    }),
  );
  app.use(compression());
  app.use(requestLog(services.logger));

  // Liveness: the process answers. Readiness: the database answers (load balancers use it).
  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await services.database.ping();
      res.type('text/plain').send('ready');
    } catch {
      res.status(503).type('text/plain').send('database unavailable');
    }
  });

  app.use('/api', createApiRouter(services));
  // Images uploaded in the back office: kept in PostgreSQL (every instance serves them), under
  // fingerprinted names, so they can be cached for a year.
  app.get('/uploads/:name', async (req, res, next) => {
    const image = await findImage(services.db, req.params.name);
    if (!image) return next();
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(image.mime).send(image.bytes);
  });
  // Images uploaded before they moved to the database, from the data folder.
  app.use(
    '/uploads',
    express.static(path.join(services.config.dataDir, 'uploads'), {
      maxAge: '30d',
      immutable: true,
      index: false,
      dotfiles: 'deny',
    }),
  );

  let close = async () => {};
  if (pages === 'none') return { app, close };

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (pages === 'vite') {
    const vite = await import('vite').then((v) =>
      v.createServer({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'warn' }),
    );
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    close = () => vite.close();
  } else {
    const root = services.config.buildDir;
    // Vite fingerprints everything under /assets, so it may be cached for a year.
    app.use(
      '/assets',
      express.static(path.join(root, 'client/assets'), { immutable: true, maxAge: '1y' }),
    );
    app.use(buildFiles(path.join(root, 'client'), { maxAge: '1h' }));
    build = (await import(path.join(root, 'server/index.js'))) as ServerBuild;
  }

  // Page actions that change state must come from our own pages, like /api requests.
  app.use(pageCsrfProtection(services));
  // Shared pages (the same for every visitor) are rendered once per content change. Not with
  // Vite's development pages, which change as their files do.
  if (pages === 'build') {
    app.use(sharedPageCache({ contentVersion: () => services.content.version() }));
  }
  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      mode: pages === 'vite' ? 'development' : 'production',
      getLoadContext: (req, res) => ({
        services,
        cspNonce: String(res.locals.cspNonce),
        clientIp: clientIp(req),
      }),
    }),
  );
  app.use(((error, req, res, _next) => {
    services.logger.error('unhandled page error', { path: req.path, ...errorFields(error) });
    if (!res.headersSent)
      res.status(500).type('text/plain').send('Something went wrong, please try again!');
  }) satisfies express.ErrorRequestHandler);
  return { app, close };
}

/**
 * The other files of the build (favicon, images), served as they are. The build does not
 * change while the server runs, so its file list is read once: page requests go straight on
 * instead of each costing a file-system lookup for a file that does not exist.
 */
function buildFiles(dir: string, options: { maxAge: string }): express.RequestHandler {
  const files = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => '/' + path.relative(dir, path.join(entry.parentPath, entry.name))),
  );
  const serve = express.static(dir, options);
  return (req, res, next) => {
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      file = req.path;
    }
    if (files.has(file)) serve(req, res, next);
    else next();
  };
}
