/**
 * npm start: the real site from the optimised production build, building it first when it is
 * missing or older than its sources. NODE_ENV is production; without DATABASE_URL it runs on
 * the embedded PGlite with TEST MODE payments and mail kept in the outbox (the offline demo);
 * with DATABASE_URL it is a production deployment, which refuses to start half-configured
 * (server/config.ts). `npm run dev` is the development server. Decision 012.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-freshness';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');

if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production') {
  console.warn(
    `npm start always runs the production build (NODE_ENV=${process.env.NODE_ENV} ignored); npm run dev is the development server.`,
  );
}
process.env.NODE_ENV = 'production';

const stale = staleBuildReason(root, buildDir);
if (stale) {
  let cli: string;
  try {
    const require = createRequire(import.meta.url);
    cli = path.join(path.dirname(require.resolve('@react-router/dev/package.json')), 'bin.js');
  } catch {
    console.error(
      `The production build must be made (${stale}), but @react-router/dev is not installed: run npm install (with development packages), or npm run build where it is.`,
    );
    process.exit(1);
  }
  console.log(`Building the site for production (${stale})…`);
  const build = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The production build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
} else {
  console.log(`The production build in ${path.relative(root, buildDir) || '.'} is up to date.`);
}

await import('../server/main');
