/**
 * One API-only server instance for the fault tests, in its own process so a test can run
 * two side by side or kill one with SIGKILL. Settings come from the environment as in
 * production (DATABASE_URL, PORT, SMTP_URL …).
 */
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';

const config = loadConfig();
const running = await startServer(config, {
  pages: 'none',
  logger: createLogger(config.logLevel),
});
console.log(`instance ready on ${running.url}`);
const stop = () => {
  void running.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
