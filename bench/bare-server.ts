/**
 * The yardstick of `npm run bench`: Node's own `http` with no framework, routing, logging or
 * database, sending the very bytes our server sent for each compared path (status, headers and
 * body, captured by bench/http-compare.ts into the file named by BENCH_REPLIES). So each ratio
 * compares our server with the cheapest way to send the same reply. Run in its own process,
 * like the real server.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

type Captured = { path: string; status: number; headers: Record<string, string>; body: string };

const replies = new Map<
  string,
  { status: number; headers: Record<string, string>; body: Buffer }
>();
if (process.env.BENCH_REPLIES) {
  for (const reply of JSON.parse(readFileSync(process.env.BENCH_REPLIES, 'utf8')) as Captured[]) {
    const body = Buffer.from(reply.body, 'base64');
    replies.set(reply.path, {
      status: reply.status,
      headers: { ...reply.headers, 'content-length': String(body.length) },
      body,
    });
  }
}

const server = http.createServer((request, response) => {
  const reply = replies.get(request.url ?? '/');
  if (!reply) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
