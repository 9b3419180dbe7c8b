import type { Endpoint, ErrorReply, ReplyOf, RequestOf } from './contract';
import type { EndpointOf, Route } from './route';
// Types only: the list with its descriptions stays out of the pages' bundles.
import type { ClientErrorCode, ErrorCode } from '../error-codes';

export type { ReplyOf, RequestOf, Route };

/*
 * The typed client of the /api contract, for the website (browser) and for tests (Node).
 * Everything it knows comes from the endpoint's schemas: the URL from its path and params,
 * the request from z.input of its params, query and body schemas, the reply from z.output of
 * its reply schemas by status. It never throws at its caller: a network failure, a reply that
 * is not JSON, or a request it cannot build comes back as `{ ok: false, status, error }`.
 *
 * The browser passes `routes.{area}.{name}` (shared/api/routes.ts: method and path, typed as
 * their endpoint, no schemas, so zod stays out of the pages' bundles); tests and Node code
 * may pass the endpoint itself (`api.accounts.logIn`).
 */

/** The message of a failure the server did not word (network down, a reply that is not JSON). */
export const CLIENT_ERROR_MESSAGE = 'Something went wrong, please try again!';

/** Statuses whose reply is the endpoint's data rather than an error. */
type SuccessStatus = 200 | 201 | 202 | 204;

type RepliesOf<E extends Endpoint> = E['replies'];

/** A successful call: the status and its reply, typed per status the endpoint declares. */
export type Success<E extends Endpoint> = {
  [S in keyof RepliesOf<E> & SuccessStatus]: { ok: true; status: S; data: ReplyOf<E, S> };
}[keyof RepliesOf<E> & SuccessStatus];

/**
 * A call that did not succeed. `status` is the HTTP status, or 0 when no reply came (network
 * down, aborted, or a request that could not be built); `error` is the API's error shape: the
 * `code` to act on (shared/error-codes.ts; `no-reply` and `unreadable-reply` are the client's
 * own), a message for people and, on a 422, the messages per field.
 */
export type Failure = {
  ok: false;
  status: number;
  error: Omit<ErrorReply, 'code'> & { code: ErrorCode | ClientErrorCode };
};

export type Result<E extends Endpoint> = Success<E> | Failure;

export type CallOptions = {
  /** Prefix of every URL: '' (the default) is the page's own origin. */
  baseUrl?: string;
  /** `X-Checkout-Token` of /api/guest or /api/register: places that checkout's order. */
  checkoutToken?: string | null;
  /** `X-Payment-Token`: the signed token of an e-mailed payment link. */
  paymentToken?: string | null;
  /** `X-Approval-Token`: the signed token of an e-mailed approval link. */
  approvalToken?: string | null;
  /** `Authorization: Bearer {token}` (the app's way; the website uses its cookie). */
  bearer?: string | null;
  /** The body of a raw endpoint (an image upload), sent as it is. */
  raw?: { data: Blob | ArrayBuffer | Uint8Array<ArrayBuffer> | string; contentType: string };
  signal?: AbortSignal;
  /** Lets the request outlive the page (a page visit counted as the visitor leaves). */
  keepalive?: boolean;
  /** Called on every 401 reply, before the result is returned. */
  onUnauthorized?: (endpoint: Route) => void;
  /** The fetch to use: the global one by default. */
  fetch?: typeof fetch;
};

/** The arguments of `call` after the endpoint: its request (when it takes one) and options. */
export type CallArgs<T extends Route> = Args<EndpointOf<T>>;

type Args<E extends Endpoint> =
  object extends RequestOf<E>
    ? [request?: RequestOf<E>, options?: CallOptions]
    : [request: RequestOf<E>, options?: CallOptions];

type Loose = { params?: unknown; query?: unknown; body?: unknown };

function failure(status: number, code: ErrorCode | ClientErrorCode): Failure {
  return { ok: false, status, error: { status: false, code, message: CLIENT_ERROR_MESSAGE } };
}

/**
 * The generic code of a status, for an error reply the API did not write (a proxy's page, a
 * body without a code): what the status alone says.
 */
export function codeOfStatus(status: number): ErrorCode | ClientErrorCode {
  if (status === 0) return 'no-reply';
  if (status < 400) return 'unreadable-reply';
  const known: Record<number, ErrorCode> = {
    400: 'malformed-request',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not-found',
    408: 'request-timeout',
    409: 'conflict',
    413: 'request-too-large',
    415: 'unsupported-media-type',
    422: 'validation-failed',
    429: 'rate-limited',
    502: 'service-unavailable',
    503: 'service-unavailable',
    504: 'service-unavailable',
  };
  return known[status] ?? (status >= 500 ? 'internal-error' : 'malformed-request');
}

/** The path of an endpoint with its `:name` parameters filled in (each URL-encoded). */
export function pathOf(endpoint: Route, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(
        `${endpoint.method} ${endpoint.path}: the path parameter "${name}" is missing`,
      );
    }
    return encodeURIComponent(String(value));
  });
}

/** The query string of a request ('' when it has none); undefined and null fields are left out. */
export function queryOf(query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The URL of a request to an endpoint, for the few places a URL is what is needed (a
 * download link). Calls go through `call`.
 */
export function urlOf<T extends Route>(
  endpoint: T,
  ...[request, options]: Args<EndpointOf<T>>
): string {
  const loose = (request ?? {}) as Loose;
  return (
    (options?.baseUrl ?? '') +
    pathOf(endpoint, loose.params as Record<string, unknown> | undefined) +
    queryOf(loose.query as Record<string, unknown> | undefined)
  );
}

function errorOf(status: number, body: unknown): Failure {
  if (typeof body === 'object' && body !== null) {
    const { code, message, errors } = body as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    if (typeof message === 'string' && message) {
      const error: Failure['error'] = {
        status: false,
        // The server writes only codes of the list (the contract's enum, checked in tests).
        code: typeof code === 'string' && code ? (code as ErrorCode) : codeOfStatus(status),
        message,
      };
      if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) {
        error.errors = Object.fromEntries(
          Object.entries(errors).map(([field, list]) => [
            field,
            (Array.isArray(list) ? list : [list]).map(String),
          ]),
        );
      }
      return { ok: false, status, error };
    }
  }
  return failure(status, codeOfStatus(status));
}

/** Makes a `call` whose options default to these (a base URL, what to do on a 401). */
export function createClient(defaults: CallOptions = {}) {
  return async function call<T extends Route>(
    endpoint: T,
    ...[request, options]: Args<EndpointOf<T>>
  ): Promise<Result<EndpointOf<T>>> {
    const o: CallOptions = { ...defaults, ...options };
    const loose = (request ?? {}) as Loose;
    let url: string;
    try {
      url = urlOf(endpoint as Route, loose as never, o);
    } catch {
      return failure(0, 'no-reply');
    }

    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (o.raw) {
      headers['Content-Type'] = o.raw.contentType;
      body = o.raw.data;
    } else if (loose.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(loose.body);
    }
    if (o.checkoutToken) headers['X-Checkout-Token'] = o.checkoutToken;
    if (o.paymentToken) headers['X-Payment-Token'] = o.paymentToken;
    if (o.approvalToken) headers['X-Approval-Token'] = o.approvalToken;
    if (o.bearer) headers.Authorization = `Bearer ${o.bearer}`;

    let response: Response;
    let text: string;
    try {
      response = await (o.fetch ?? fetch)(url, {
        method: endpoint.method,
        headers,
        body,
        credentials: 'same-origin',
        signal: o.signal,
        keepalive: o.keepalive,
      });
      text = await response.text();
    } catch {
      return failure(0, 'no-reply');
    }

    if (response.status === 401) o.onUnauthorized?.(endpoint);

    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        return failure(response.status, codeOfStatus(response.status));
      }
    }
    if (response.ok) {
      return { ok: true, status: response.status, data } as unknown as Result<EndpointOf<T>>;
    }
    return errorOf(response.status, data);
  };
}

/** Calls an endpoint of the contract from this page's origin. */
export const call = createClient();
