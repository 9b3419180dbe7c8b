import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadableStreamFromReadable } from '@react-router/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { ForbiddenError } from '../errors';
import { errorFields } from '../logger';
import type { AppServices } from '../services';
import { CSRF_MESSAGE } from '../auth/middleware';
import { clientIp, requireSameOrigin } from './identity';
import { createLoadContext } from './load-context';
import { createSharedPageCache } from './page-cache';
import { SHARED_PAGE_HEADER } from '@shared/shared-page';
import { cspNonceOf } from './security-headers';

/*
 * The website's pages: every path that is not /api, an asset or an upload goes to React
 * Router, which renders it on the server. Bodies of page actions (forms) reach it untouched:
 * this context has no body parsers of its own.
 */

/** The Web Request React Router reads, built from Node's request. */
function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  // The Host header was checked before (request-guards); the URL never throws.
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const method = request.method;
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(method === 'GET' || method === 'HEAD'
      ? {}
      : { body: createReadableStreamFromReadable(request.raw), duplex: 'half' }),
  } as RequestInit);
}

/** Sends React Router's Web Response through Fastify (so compression applies). */
function send(reply: FastifyReply, response: Response, hidden: string, body?: string) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === hidden) continue;
    reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (body !== undefined) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

export function pageRoutes(
  app: FastifyInstance,
  services: AppServices,
  build: ServerBuild | (() => Promise<ServerBuild>),
  options: { mode: 'development' | 'production'; cacheSharedPages: boolean },
) {
  const handle = createRequestHandler(build, options.mode);
  const cache = options.cacheSharedPages
    ? createSharedPageCache({
        contentVersion: () => services.content.version(),
        slotUsage: () => services.content.slotUsage(),
      })
    : null;
  const marker = SHARED_PAGE_HEADER.toLowerCase();

  // Page bodies stay streams for React Router to read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      // Page actions that change state must come from our own pages, like /api writes.
      try {
        requireSameOrigin(services, request);
      } catch (error) {
        if (error instanceof ForbiddenError) {
          return reply.code(403).type('text/plain; charset=utf-8').send(CSRF_MESSAGE);
        }
        throw error;
      }
      const nonce = cspNonceOf(reply);
      const cached = cache
        ? await cache.decide(
            {
              method: request.method,
              url: request.url,
              headers: {
                cookie: request.headers.cookie,
                authorization: request.headers.authorization,
                'user-agent': request.headers['user-agent'],
              },
            },
            nonce,
          )
        : ({ kind: 'personal' } as const);
      if (cached.kind === 'hit') {
        reply.header('X-Page-Cache', 'hit');
        return reply.type(cached.contentType).send(cached.html);
      }
      let response: Response;
      try {
        response = await handle(
          webRequest(request, reply),
          createLoadContext({ services, cspNonce: nonce, clientIp: clientIp(request) }),
        );
      } catch (error) {
        services.logger.error('unhandled page error', {
          path: request.url.split('?')[0],
          ...errorFields(error),
        });
        return reply
          .code(500)
          .type('text/plain; charset=utf-8')
          .send('Something went wrong, please try again!');
      }
      if (cached.kind === 'miss' && cache!.isShared(response)) {
        // A shared page is read whole, kept, and sent.
        const html = await response.text();
        if (cached.keep(response, html)) reply.header('X-Page-Cache', 'miss');
        return send(reply, response, marker, html);
      }
      return send(reply, response, marker);
    },
  });
}
