/**
 * The yardstick of `npm run bench`: Node's own `http` answering a small JSON reply, with no
 * framework, routing, logging or database. Run in its own process, like the real server.
 */
import http from 'node:http';

const body = JSON.stringify({ status: true, message: 'hello' });
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
