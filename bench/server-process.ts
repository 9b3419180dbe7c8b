import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type ServerProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resident memory of the server process, in MiB (Linux /proc). */
  rssMiB(): number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts `server/main.ts` (or another entry script) in its own Node process (as `npm start` does, without tsx's extra
 * parent process, so the pid is the server's) and waits until /readyz (or `readyPath`) answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  options: { quiet?: boolean; script?: string; nodeArgs?: string[]; readyPath?: string } = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', options.script ?? 'server/main.ts'],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', options.quiet ? 'pipe' : 'inherit', 'pipe'],
    },
  );
  // The last output, for the error message when the server does not come up.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-3000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!options.quiet) process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server on port ${port} exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${url}${options.readyPath ?? '/readyz'}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    child,
    rssMiB() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
        return kb / 1024;
      } catch {
        return NaN;
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
