import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM to its process group (npm, sh, tsx, node), then SIGKILL after 10 s. */
  stop(): Promise<number | null>;
};

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs `command` (e.g. the server as `npm start` or `npm run dev` runs it) in its own
 * process, with `env` on top of this one's minus NODE_ENV (Vitest sets it to "test"; pass it
 * to choose), and waits until /healthz answers on `port`.
 */
export async function startServerProcess(
  command: string[],
  options: { port: number; env: Record<string, string>; timeoutMs?: number },
): Promise<ServerProcess> {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_ENV;
  const [file, ...args] = command;
  const child = spawn(file!, args, {
    env: { ...env, HOST: '127.0.0.1', PORT: String(options.port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `npm start` runs sh, which does not pass signals on.
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Never left behind when the test run ends early.
  const cleanup = () => signal('SIGKILL');
  process.once('exit', cleanup);
  void exited.then(() => process.off('exit', cleanup));
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${command.join(' ')} exited before it was ready:\n${output.slice(-3000)}`);
    }
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      signal('SIGKILL');
      throw new Error(`${command.join(' ')} was not ready in time:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      signal('SIGTERM');
      const force = setTimeout(() => signal('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
}

/** The demo owner's e-mail and password, from the JSON log line printed once at first start. */
export function demoOwner(output: string): { email: string; password: string } {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { message?: string; email?: string; password?: string };
    if (entry.message?.startsWith('back office: demo owner created') && entry.password) {
      return { email: entry.email!, password: entry.password };
    }
  }
  throw new Error(`no demo owner in the log:\n${output.slice(-2000)}`);
}
