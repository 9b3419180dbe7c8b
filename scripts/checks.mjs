// npm test's static checks side by side (type-check, lint, format; each runs on one core), each
// one's output printed whole when it ends; fails when any fails.
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint', 'format:check'];
const results = await Promise.all(
  checks.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', name], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(
            `\n== ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n`,
          );
          if (code !== 0 || process.env.CHECKS_VERBOSE) process.stdout.write(output);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
