import { ConfigError, loadConfig } from './config';
import { createLogger, errorFields } from './logger';
import { startServer } from './start';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, config.logFormat);
  const running = await startServer(config, { logger });
  logger.info(`${config.brand.name} is serving on ${running.url}`, { mode: config.mode });

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error('shutdown failed', errorFields(error));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
