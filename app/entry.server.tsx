import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import type { Brand } from '@shared/brand';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { errorFields, isDatabaseUnavailable } from '~/server/errors.server';
import { NonceProvider } from './utils/nonce';
import { InlineCssProvider, linksItsStylesheets } from './utils/inline-styles';
import { ServerMarkupProvider, type ServerMarkup } from './utils/server-markup';
import { AppInstallSteps } from './components/site/app-install-steps';
import { appBannerScript } from './components/site/app-banner-dismissal';
import { appInstallScript } from './components/site/app-install-script';
import { signedInScript } from './components/site/signed-in-marker';
import { stylesheetsOfPage } from './utils/inline-styles.server';
import {
  headRewriter,
  lowPriorityModulePreloads,
  scriptsAfterFirstPaint,
} from './utils/script-priority';
import type { PageHandle } from './components/site/chrome-rules';

export const streamTimeout = 5_000;

/** Markup only the server writes (app/utils/server-markup.tsx), made once per brand. */
const serverMarkupOf = new WeakMap<Brand, ServerMarkup>();
function serverMarkup(brand: Brand): ServerMarkup {
  let markup = serverMarkupOf.get(brand);
  if (!markup) {
    markup = {
      beforeBody: `${appBannerScript};${appInstallScript}`,
      signedIn: signedInScript,
      installSteps: renderToStaticMarkup(<AppInstallSteps brand={brand} />),
    };
    serverMarkupOf.set(brand, markup);
  }
  return markup;
}

/** Requests whose loader or action failed because the database could not be reached. */
const databaseWasUnavailable = new WeakSet<Request>();

/**
 * Called by React Router with the error as thrown, before production sanitises it; logged as
 * React Router's default would (not for a request the visitor abandoned).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) databaseWasUnavailable.add(request);
  if (!request.signal.aborted) console.error(error);
}

/** React Router's default Node entry, plus the CSP nonce on every inline script. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A loader that failed because the database dropped its connection: a 503 to retry soon,
  // not a 500 (the page says "please try again"). In production React Router hands the entry
  // sanitised errors, so handleError (below) marks the request while it still sees the error.
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (
    responseStatusCode === 500 &&
    (databaseWasUnavailable.has(request) || errors.some((error) => isDatabaseUnavailable(error)))
  ) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', '5');
  }
  const nonce = loadContext.cspNonce;
  // Production pages carry their stylesheet inline (app/utils/inline-styles.tsx).
  // Pages rendered for one visitor link it instead (linksItsStylesheets).
  const css = import.meta.env.DEV
    ? ''
    : linksItsStylesheets(new URL(request.url).pathname)
      ? null
      : stylesheetsOfPage(routerContext, loadContext.services.config.buildDir);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={css}>
          <ServerMarkupProvider value={serverMarkup(loadContext.services.config.brand)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </ServerMarkupProvider>
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = coalescedBody(
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            holdsScriptsUntilPainted(routerContext)
              ? scriptsAfterFirstPaint()
              : headRewriter(lowPriorityModulePreloads),
          );
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            // errorFields: a database error without the query's values.
            loadContext.services.logger.error('streaming render error', errorFields(error));
          }
        },
      },
    );
  });
}

/**
 * React writes the page in many small pieces (a few kB each), and the server writes and
 * flushes every piece on its own: through gzip that is a compression flush and a socket
 * write per piece, which cost more than rendering the page. This joins what React writes in
 * one turn of the event loop into one chunk; later pieces (deferred data) still stream.
 */
function coalescedBody(onEnd: () => void, rewrite: (piece: Buffer) => Buffer): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (pending.length === 0) return;
    body.push(rewrite(pending.length === 1 ? pending[0]! : Buffer.concat(pending)));
    pending = [];
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      onEnd();
      callback();
    },
  });
  return body;
}

/** Whether a page of the request asks for its scripts after its first paint (PageHandle). */
function holdsScriptsUntilPainted(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (match) =>
      (context.routeModules[match.route.id]?.handle as PageHandle | undefined)
        ?.scriptsAfterFirstPaint === true,
  );
}
