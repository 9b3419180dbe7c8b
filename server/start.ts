import type { Server } from 'node:http';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { ensureDemoOwner } from './use-cases/admin/demo-owner';
import { createHttpApp, type PagesMode } from './http/app';
import { createLogger, type Logger } from './logger';
import { createServices, type AppServices, type ServiceOverrides } from './services';

export type RunningServer = {
  services: AppServices;
  server: Server;
  url: string;
  /** Stops accepting connections, finishes requests in flight, then closes the database. */
  stop(): Promise<void>;
};

export async function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
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
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openConfiguredDatabase(config));
  await database.migrate();
  await seedDatabase(database.db, { now: options.overrides?.now?.() ?? new Date() });
  logger.info('database ready', {
    kind: database.kind,
    ...(database.kind === 'pglite' ? { dataDir: config.dataDir, note: 'embedded PGlite' } : {}),
  });

  if (database.kind === 'pglite' && config.mode !== 'test') {
    const owner = await ensureDemoOwner(database.db, `owner@${config.brand.email.split('@')[1]}`);
    if (owner) {
      // Printed this once: only its hash is kept. Sign in at /admin/login and change it.
      logger.warn('back office: demo owner created (shown once)', {
        url: `${config.publicUrl}/admin`,
        email: owner.email,
        password: owner.password,
      });
    }
  }
  const services = createServices(config, database, logger, options.overrides);
  services.mail.start();
  const pages = options.pages ?? (config.mode === 'production' ? 'build' : 'vite');
  const http = await createHttpApp(services, pages);

  const server = await new Promise<Server>((resolve, reject) => {
    const s = http.app.listen(config.port, config.host, () => resolve(s));
    s.on('error', reject);
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
      await services.mail.stop();
      await http.close();
      await database.close();
    })());
  return { services, server, url, stop };
}
