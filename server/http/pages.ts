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
import { acceptedEncoding } from './compression';
import {
  createSharedPageCache,
  matchesEtag,
  type SharedPage,
  type SharedRender,
} from './page-cache';
import { cspNonceOf } from './security-headers';
import { loggedPath } from './request-log';
import { sharedPathMatcher } from './shared-routes';
import { pageBodyLimit } from '@shared/claims/page-uploads';

/*
 * The website's pages: every path that is not /api, an asset or an upload goes to React
 * Router, which renders it on the server. Bodies of page actions (forms) reach it untouched:
 * this context has no body parsers of its own.
 */

/**
 * The Web Request React Router reads, built from Node's request. For a shared page it carries
 * nothing of the visitor (`forNobody`): no cookie, no Authorization, no User-Agent.
 */
function webRequest(request: FastifyRequest, reply: FastifyReply, forNobody = false): Request {
  // The Host header was checked before (request-guards); the URL never throws.
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (forNobody && VISITOR_HEADERS.has(name)) continue;
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

/**
 * Page bodies reach React Router unread, and a form's `formData()` buffers all of it: a body
 * above its page's limit (`pageBodyLimit`: the claims pages take photos) is refused with a 413
 * page before a byte is read, and a body of no stated length (chunked) with a 411 (browsers
 * state it). Null when the body may be read.
 */
function refuseLargeBody(request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const stated = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (stated === undefined && !chunked) return null; // No body.
  const refuse = (status: number, title: string, text: string) =>
    reply
      .code(status)
      .header('connection', 'close')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${text}</p><p>Your browser’s Back button returns to the form.</p></body></html>`,
      );
  if (stated === undefined) {
    return refuse(411, 'Please send the form again', 'We could not tell how large it was.');
  }
  const limit = pageBodyLimit(new URL(request.url, 'http://page').pathname);
  if (Number(stated) > limit) {
    const mb = Math.floor(limit / (1024 * 1024));
    return refuse(
      413,
      'Too large to send at once',
      `This form can send at most ${mb} MB at once (photos: up to 10 MB each). Please choose fewer or smaller photos, and send it again.`,
    );
  }
  return null;
}

/** What a shared page is rendered without. */
const VISITOR_HEADERS = new Set(['cookie', 'authorization', 'user-agent']);

/**
 * How long a CDN or proxy may hold a shared page, and serve it stale while it asks again;
 * browsers ask each time (a 304 when nothing changed).
 */
export const SHARED_PAGE_CACHE_CONTROL =
  'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Sends React Router's Web Response through Fastify (so compression applies). */
function send(reply: FastifyReply, response: Response, body?: string) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if (body !== undefined) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** Sends a kept shared page: a 304 when the visitor has it, else its bytes in their encoding. */
async function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SharedPage,
  outcome: 'hit' | 'miss',
) {
  reply.header('X-Page-Cache', outcome);
  for (const [name, value] of page.headers) reply.header(name, value);
  if (page.contentSecurityPolicy) {
    reply.header('Content-Security-Policy', page.contentSecurityPolicy);
  } else {
    reply.removeHeader('Content-Security-Policy');
  }
  reply.header('ETag', page.etag);
  reply.header('Cache-Control', SHARED_PAGE_CACHE_CONTROL);
  reply.header('Vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    return reply.code(304).send();
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.code(200).send(page.html);
  reply.header('Content-Encoding', encoding);
  return reply.code(200).send(await page.compressed(encoding));
}

export function pageRoutes(
  app: FastifyInstance,
  services: AppServices,
  build: ServerBuild | (() => Promise<ServerBuild>),
  options: {
    mode: 'development' | 'production';
    cacheSharedPages: boolean;
    /** The CSP of a shared page from its inline scripts' hashes (null: no CSP). */
    policyForHashes: (hashes: readonly string[]) => string | null;
  },
) {
  const handle = createRequestHandler(build, options.mode);
  // Shared pages are known from the build's routes (not in development, where pages change
  // as their files do).
  const cache =
    options.cacheSharedPages && typeof build !== 'function'
      ? createSharedPageCache({
          isSharedPath: sharedPathMatcher(build),
          contentVersion: () => services.content.version(),
          slotUsage: () => services.content.slotUsage(),
          policyForHashes: options.policyForHashes,
        })
      : null;

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    forNobody: boolean,
  ): Promise<Response | null> => {
    try {
      return await handle(
        webRequest(request, reply, forNobody),
        createLoadContext({
          services,
          cspNonce: cspNonceOf(reply),
          clientIp: clientIp(request),
        }),
      );
    } catch (error) {
      services.logger.error('unhandled page error', {
        path: loggedPath(request.url),
        ...errorFields(error),
      });
      return null;
    }
  };
  const failed = (reply: FastifyReply) =>
    reply
      .code(500)
      .type('text/plain; charset=utf-8')
      .send('Something went wrong, please try again!');

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
      const refused = refuseLargeBody(request, reply);
      if (refused) return refused;
      const key = cache?.keyOf({
        method: request.method,
        url: request.url,
        headers: { authorization: request.headers.authorization },
      });
      if (cache && key) {
        let renderError = false;
        const outcome = await cache.get(key, async (): Promise<SharedRender> => {
          const response = await render(request, reply, true);
          if (!response) {
            renderError = true;
            return { response: new Response(null, { status: 500 }), html: '', nonce: '' };
          }
          return { response, html: await response.text(), nonce: cspNonceOf(reply) };
        });
        if (outcome.kind !== 'not-kept') {
          return sendShared(request, reply, outcome.page, outcome.kind);
        }
        if (renderError || (outcome.render.response.status >= 500 && !outcome.render.html)) {
          return failed(reply);
        }
        return send(reply, outcome.render.response, outcome.render.html);
      }
      const response = await render(request, reply, false);
      if (!response) return failed(reply);
      return send(reply, response);
    },
  });
}
