import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of a local stand-in (Stripe's) that can hold one kind of request until the
 * test lets it go: a race between two screens made to happen every time. `hold()` arms it for
 * the next request `matches` accepts and returns when that request `arrived` and `release`;
 * everything else is forwarded at once. Give its `url` to the SDK in place of the stand-in's.
 */
export async function startHoldingProxy(
  target: string,
  matches: (request: { url: string; body: string }) => boolean,
) {
  let held: Promise<void> = Promise.resolve();
  let arrived = () => {};
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (matches({ url: req.url ?? '', body: body.toString() })) {
        arrived();
        await held;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length'),
      ) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' ? undefined : body,
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(await answer.text());
    });
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const port = (proxy.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Holds the next matching request: `arrived` once it is here, `release` lets it go. */
    hold() {
      let release = () => {};
      held = new Promise((done) => (release = done));
      const came = new Promise<void>((done) => (arrived = done));
      return { arrived: came, release };
    },
    close: () => new Promise<void>((done) => proxy.close(() => done())),
  };
}

export type HoldingProxy = Awaited<ReturnType<typeof startHoldingProxy>>;
