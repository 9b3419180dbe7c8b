import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyServerFactory,
  type onRequestHookHandler,
  type onSendHookHandler,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyFormBody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { UPLOAD_MAX_BYTES } from '@shared/catalogue-admin';
import type { AppServices } from '../services';
import { findImage } from '../use-cases/admin/uploads';
import { accountsRoutes } from './api/accounts';
import { addressBookRoutes } from './api/address-book';
import { carePreferencesRoutes } from './api/care-preferences';
import { pushRoutes } from './api/push';
import { recurringRoutes } from './api/recurring';
import { adminRoutes, uploadRoutes } from './api/admin';
import { bookingRoutes } from './api/booking';
import { catalogueRoutes } from './api/catalogue';
import { checkoutRoutes } from './api/checkout';
import { paymentsRoutes } from './api/payments';
import { photoUploadRoutes } from './api/photos';
import { claimPhotoRoutes, claimRoutes } from './api/claims';
import { approvalsRoutes } from './api/approvals';
import { intakeRoutes } from './api/intake';
import { intakeReportRoutes } from './api/intake-report';
import { reviewsRoutes } from './api/reviews';
import { accountDataRoutes } from './api/account-data';
import { driverRoutes } from './api/driver';
import { trackingRoutes } from './api/tracking';
import { stripeWebhookRoutes } from './api/stripe-webhook';
import { twilioWebhookRoutes } from './api/twilio-webhooks';
import { checkRepliesAgainstContract, applyContractCompilers } from './contract-routes';
import { errorBody, sendApiError } from './error-handler';
import { requireSameOrigin } from './identity';
import { openApiRoutes } from './openapi';
import { pageRoutes } from './pages';
import { appManifestRoutes } from './app-manifest';
import { photoRoutes } from './photos';
import { requestLog } from './request-log';
import { requireValidHost, routableUrl, UNREADABLE_API, UNREADABLE_WRITE } from './request-guards';
import { securityHeaders } from './security-headers';

export type PagesMode =
  /** Vite in middleware mode: compiles app/ on request (npm run dev, page tests). */
  | 'vite'
  /** The output of `npm run build` (NODE_ENV=production). */
  | 'build'
  /** API only (API tests). */
  | 'none';

export type HttpApp = {
  app: FastifyInstance;
  /** Every route registered, as Fastify holds it ('/api/getarea/:id'). */
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
};
export type RegisteredRoute = { method: string; url: string };

export type HttpOptions = {
  /**
   * Checks every /api reply against the contract and reports a reply that drifts from it
   * (the integration tests fail on one). Off in production: replies are already written by
   * the serialisers compiled from the contract.
   */
  onContractDrift?: (problem: string) => void;
};

/** JSON bodies of /api: small. */
const API_BODY_LIMIT = 100 * 1024;

/**
 * The HTTP layer of one server: Fastify on `server` (created by the caller, so Vite's
 * development pages can share it for their WebSocket). Decision 017.
 */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function createHttpApp(
  services: AppServices,
  pages: PagesMode,
  server: Server,
  options: HttpOptions = {},
): Promise<HttpApp> {
  // Fastify handles the requests of the server it is given (rather than creating its own).
  const serverFactory: FastifyServerFactory = (handler) => {
    server.on('request', handler);
    return server;
  };
  const app: FastifyInstance = Fastify({
    serverFactory,
    // req.ip honours X-Forwarded-For only from the configured number of proxies in front.
    // (Fastify reads a bare number as "trust nothing"; Express's hop count is this function.)
    trustProxy: (_address: string, hop: number) => hop < services.config.trustProxyHops,
    bodyLimit: API_BODY_LIMIT,
    // Addresses whose escapes cannot be read are routed to their 400 answers.
    rewriteUrl: (req) => routableUrl(req.url ?? '/', req.method ?? 'GET'),
    routerOptions: { maxParamLength: 500 },
    logger: false,
    return503OnClosing: false,
  });
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorateRequest('customer', null);
  app.decorateRequest('staff', null);
  app.decorateReply('cspNonce', '');
  applyContractCompilers(app);

  // One onRequest hook for every request: a Host a URL can be built from, then the security
  // headers (each hook costs a turn through Fastify's hook runner on every request).
  const validHost = requireValidHost(services.config.trustProxyHops > 0);
  const headers = securityHeaders({
    production: services.config.mode === 'production',
    stripeJsUrl: services.config.stripe?.jsUrl,
  });
  app.addHook('onRequest', function guards(request, reply, done) {
    headers.hook.call(this, request, reply, (error?: Error) => {
      if (error) return done(error);
      validHost.call(this, request, reply, done);
    });
  });
  app.addHook('onResponse', requestLog(services.logger));
  // A write by this instance (an order, a back-office edit, a page action) is seen by its own
  // next request: the content version is re-read and slot listings forgotten before the reply
  // leaves. Other instances hear of it by NOTIFY (server/db/content-cache.ts, decision 016).
  // Only routes that take writes carry the hook: reads do not pay for it.
  const refreshAfterWrite: onSendHookHandler = (request, _reply, payload, done) => {
    if (READ_ONLY_METHODS.has(request.method)) return done(null, payload);
    services.content.refresh().then(
      () => done(null, payload),
      () => done(null, payload),
    );
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => READ_ONLY_METHODS.has(method))) return;
    route.onSend = [refreshAfterWrite, ...[route.onSend ?? []].flat()];
  });
  // Before compression (hooks run in the order they were added): the check reads the JSON.
  if (options.onContractDrift) checkRepliesAgainstContract(app, options.onContractDrift);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  // Liveness: the process answers. Readiness: the database answers (load balancers route on
  // its status) and mail is being delivered (monitoring reads the body; decision 012).
  app.get('/healthz', (_request, reply) => reply.type('text/plain').send('ok'));
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/plain');
    let mail;
    try {
      await services.database.ping();
      mail = await services.mail.deliveryStatus();
    } catch {
      return reply.code(503).send('database unavailable');
    }
    if (mail.kind === 'outbox') return 'ready\nmail: kept in the outbox, not sent (no SMTP_URL)';
    // Not 503: SMTP is shared by every instance, and taking them all out of the load balancer
    // would stop orders as well as mail.
    if (!mail.delivering) {
      return `degraded\nmail: not being delivered: ${mail.waiting} message(s) waiting for over ${mail.minutes} minutes, none sent meanwhile (see the log for the SMTP error)`;
    }
    return 'ready';
  });
  app.all(UNREADABLE_WRITE, (_request, reply) =>
    reply
      .code(400)
      .type('text/plain; charset=utf-8')
      .send('Bad request: the address is not valid.'),
  );

  await app.register(
    async (api) => {
      await apiRoutes(api, services);
    },
    { prefix: '/api' },
  );

  // Images uploaded in the back office: kept in PostgreSQL (every instance serves them), under
  // fingerprinted names, so they can be cached for a year. Older uploads from the data folder.
  const uploadsDir = path.join(services.config.dataDir, 'uploads');
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const name = request.params.name;
    const image = await findImage(services, { name });
    if (image) {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.type(image.mime).send(image.bytes);
    }
    const legacy = /^[A-Za-z0-9_-]+\.(jpe?g|png|gif|webp|svg)$/i.exec(name);
    const bytes = legacy ? await readFile(path.join(uploadsDir, name)).catch(() => null) : null;
    if (!bytes) return reply.callNotFound();
    const ext = legacy![1]!.toLowerCase();
    reply.header('Cache-Control', 'public, max-age=2592000, immutable');
    return reply
      .type(ext === 'svg' ? 'image/svg+xml' : `image/${ext === 'jpg' ? 'jpeg' : ext}`)
      .send(bytes);
  });
  // Photos of orders: through signed, expiring URLs only (decision 025).
  photoRoutes(app, services);
  // The installable app's manifest and icons, from the brand in force (decision 059).
  appManifestRoutes(app, { brand: services.config.brand, buildDir: services.config.buildDir });

  let close = async () => {};
  if (pages === 'none') {
    await app.ready();
    return { app, routes, close: () => app.close() };
  }

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let vite: ViteDevServer | undefined;
  if (pages === 'vite') {
    const devServer = await import('vite').then((v) =>
      v.createServer({
        // Vite's WebSocket (hot updates; the browser's Vite client always connects to it) on
        // our own HTTP server. Otherwise, in middleware mode, it listens on a port of its own
        // (24678), and fails beside another development server or test run that holds it.
        server: { middlewareMode: true, ws: { server } },
        appType: 'custom',
        logLevel: 'warn',
        // Pre-bundled dependencies depend on NODE_ENV (React Router's client renders the
        // development-only critical CSS): one folder per mode, so `npm run dev` and a test
        // run beside it do not re-bundle each other's dependencies back and forth.
        cacheDir: path.resolve('node_modules/.vite', services.config.mode),
      }),
    );
    vite = devServer;
    build = () =>
      devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    close = () => devServer.close();
  } else {
    const root = services.config.buildDir;
    // Every file of the build, listed once at start (no file-system lookup per page). Vite
    // fingerprints everything under /assets, so those are cached for a year.
    await app.register(fastifyStatic, {
      root: path.join(root, 'client'),
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : // The service worker is asked for anew on every visit: a fix reaches every
              // installed app at once (decision 059).
              path.basename(file) === 'sw.js'
              ? 'no-cache'
              : 'public, max-age=3600',
        );
        if (path.basename(file) === 'sw.js') reply.header('Service-Worker-Allowed', '/');
      },
    });
    build = (await import(path.join(root, 'server/index.js'))) as ServerBuild;
  }

  await app.register(async (site) => {
    if (vite) {
      const middlewares = vite.middlewares;
      // Vite answers its own requests (modules, styles, the client) before the pages.
      site.addHook('onRequest', (request, reply, done) => {
        let passed = false;
        const answered = () => {
          if (passed) return;
          reply.hijack();
          done();
        };
        reply.raw.once('finish', answered);
        middlewares(request.raw, reply.raw, () => {
          passed = true;
          reply.raw.off('finish', answered);
          done();
        });
      });
    }
    pageRoutes(site, services, build, {
      mode: pages === 'vite' ? 'development' : 'production',
      // Shared pages (the same for every visitor) are rendered once per content change. Not
      // with Vite's development pages, which change as their files do.
      cacheSharedPages: pages === 'build',
      policyForHashes: headers.policyForHashes,
    });
  });
  await app.ready();
  return {
    app,
    routes,
    close: async () => {
      await close();
      await app.close();
    },
  };
}

/** Everything under /api: the REST API of spec section 7, also used by the mobile app. */
async function apiRoutes(api: FastifyInstance, services: AppServices) {
  // Replies are never cached (Cache-Control: no-store comes with the API's security headers).
  // Cookie-authenticated state changes must come from our own pages (Bearer is exempt).
  api.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => READ_ONLY_METHODS.has(method))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), sameOrigin];
  });
  const sameOrigin: onRequestHookHandler = (request, _reply, done) => {
    requireSameOrigin(services, request);
    done();
  };
  api.setErrorHandler((error, request, reply) =>
    sendApiError(services.logger, error, request, reply),
  );
  api.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(errorBody('endpoint-not-found', 'No such API endpoint.')),
  );
  await api.register(fastifyFormBody, { bodyLimit: API_BODY_LIMIT });
  api.all(UNREADABLE_API.slice('/api'.length), (_request, reply) =>
    reply
      .code(400)
      .send(errorBody('malformed-request', 'The address of this request is not valid.')),
  );
  catalogueRoutes(api, services);
  bookingRoutes(api, services);
  accountsRoutes(api, services);
  addressBookRoutes(api, services);
  carePreferencesRoutes(api, services);
  pushRoutes(api, services);
  recurringRoutes(api, services);
  checkoutRoutes(api, services);
  paymentsRoutes(api, services);
  approvalsRoutes(api, services);
  intakeReportRoutes(api, services);
  trackingRoutes(api, services);
  adminRoutes(api, services);
  intakeRoutes(api, services);
  driverRoutes(api, services);
  reviewsRoutes(api, services);
  accountDataRoutes(api, services);
  claimRoutes(api, services);
  // Form posts (the /api context reads forms), signed by Twilio.
  twilioWebhookRoutes(api, services);
  openApiRoutes(api, services);
  // Bodies kept as bytes: a signature over them (webhooks), an image (uploads).
  await api.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    stripeWebhookRoutes(raw, services);
    uploadRoutes(raw, services);
    photoUploadRoutes(raw, services);
    claimPhotoRoutes(raw, services);
  });
  // Anything else under /api is an unknown endpoint, not a page.
  api.all('/*', (_request, reply) =>
    reply.code(404).send(errorBody('endpoint-not-found', 'No such API endpoint.')),
  );
}
