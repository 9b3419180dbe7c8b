import { createServer, type Server } from 'node:http';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { loadLinkKey } from './auth/signed-links';
import { loadVapidKeys } from './adapters/push/vapid-keys';
import { ensureDemoOwner } from './use-cases/admin/demo-owner';
import { backfillPersonKeys } from './use-cases/promos/same-person';
import { registerJobs } from './jobs/register';
import { createHttpApp, type HttpOptions, type PagesMode, type RegisteredRoute } from './http/app';
import { createLogger, errorFields, type Logger } from './logger';
import { createServices, type AppServices, type ServiceOverrides } from './services';

export type RunningServer = {
  services: AppServices;
  server: Server;
  url: string;
  /** Every route of the HTTP layer. */
  routes: readonly RegisteredRoute[];
  /** Stops accepting connections, finishes requests in flight, then closes the database. */
  stop(): Promise<void>;
};

export async function openConfiguredDatabase(
  config: AppConfig,
  logger?: Logger,
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        onConnectionError: (error) =>
          logger?.warn('database connection ended', { ...errorFields(error) }),
      })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/** Opens, migrates and seeds the database, then serves pages and API on config.port. */
export async function startServer(
  config: AppConfig,
  options: {
    pages?: PagesMode;
    logger?: Logger;
    database?: DatabaseHandle;
    overrides?: ServiceOverrides;
    http?: HttpOptions;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel, config.logFormat);
  const database = options.database ?? (await openConfiguredDatabase(config, logger));
  await database.migrate();
  await seedDatabase(database.db, { now: options.overrides?.now?.() ?? new Date() });
  // Orders placed before migration 0016 get the keys offers compare people by (issue 31).
  const keyed = await backfillPersonKeys(database.db);
  if (keyed > 0) logger.info('orders keyed for first-order offers', { orders: keyed });
  logger.info('database ready', {
    kind: database.kind,
    ...(database.kind === 'pglite' ? { dataDir: config.dataDir, note: 'embedded PGlite' } : {}),
  });

  if (database.kind === 'pglite' && config.mode !== 'test') {
    const owner = await ensureDemoOwner(
      // Before the services exist: the start-up passes the one service this needs.
      { db: database.db },
      { email: `owner@${config.brand.email.split('@')[1]}` },
    );
    if (owner) {
      // Printed this once: only its hash is kept. Sign in at /admin/login and change it.
      logger.warn('back office: demo owner created (shown once)', {
        url: `${config.publicUrl}/admin`,
        email: owner.email,
        password: owner.password,
      });
    }
  }
  const linkKey = await loadLinkKey(database.db, config.linkSigningSecret);
  const vapidKeys = await loadVapidKeys(database.db, config.vapid);
  const services = createServices(config, database, logger, {
    ...options.overrides,
    linkKey,
    vapidKeys,
  });
  // Deliveries, reminders and clean-ups on the job queue (pg-boss, decision 030).
  registerJobs(services);
  await services.jobs.start();
  // Content changes of every instance arrive by notice from here on (docs/decisions/016).
  await services.content.start();
  const pages = options.pages ?? (config.mode === 'production' ? 'build' : 'vite');
  const server = createServer();
  // The app attaches itself to the server (it handles its requests from then on).
  const http = await createHttpApp(services, pages, server, options.http);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await services.jobs.stop();
      await services.content.stop();
      await http.close();
      await database.close();
    })());
  return { services, server, url, routes: http.routes, stop };
}
