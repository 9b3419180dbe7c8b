// npm run test:e2e's browser suite: the desktop (1280 px) and mobile (375 px) projects side by
// side, each against its own e2e server on its own port with its own fresh database, so that
// neither sees the other's orders, settings or filled windows (within a project the tests still
// run one after another, as they are written to). Each line of output is marked with its
// project; the run fails when either fails. Extra arguments go to both Playwright runs.
// Side by side the suite takes about half the time on two cores (decision 055).
import { spawn } from 'node:child_process';

// E2E_PORT moves both (desktop on it, mobile 100 above), for several runs on one machine.
const base = Number(process.env.E2E_PORT ?? 3100);
const projects = [
  { name: 'desktop', port: base },
  { name: 'mobile', port: base + 100 },
];
const extra = process.argv.slice(2);

const results = await Promise.all(
  projects.map(
    ({ name, port }) =>
      new Promise((resolve) => {
        const started = Date.now();
        // Each run its own output folder: a run empties its folder when it starts, and traces
        // and screenshots of the other run must not be deleted under it.
        const args = ['playwright', 'test', '--project', name, '--output', `test-results/${name}`];
        const child = spawn('npx', [...args, ...extra], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, E2E_PORT: String(port) },
        });
        // Lines as they come, each marked with its project (a run cut short still shows how
        // far it got); the two runs' lines interleave.
        let partial = '';
        const print = (chunk) => {
          const lines = (partial + chunk).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`${name.padEnd(7)}| ${line}\n`);
        };
        child.stdout.on('data', print);
        child.stderr.on('data', print);
        child.on('close', (code) => {
          if (partial) print('\n');
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(
            `\n== Playwright, ${name} project: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n`,
          );
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
