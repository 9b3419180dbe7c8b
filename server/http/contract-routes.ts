import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { constants as zlibConstants } from 'node:zlib';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { errorReply, fieldErrors, type Endpoint } from '@shared/api';
import { acceptedShapes } from '@shared/api/documented-as';
import { messages } from '@shared/validation';
import { acceptedEncoding } from './compression';
import { loggedPath } from './request-log';
import { BadRequestError, ValidationError } from '../errors';

/*
 * Registers the endpoints of the API contract (shared/api) on Fastify. One definition is the
 * route's validation (the handler receives parsed, typed input), its serialisation (a
 * serialiser compiled from the reply schema: a field that is not in the contract is not
 * written) and its part of the OpenAPI document (server/http/openapi.ts).
 */

type Out<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;
type In<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : never;

/** What a handler receives: the request's parts, parsed by the endpoint's schemas. */
export type EndpointInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: E['bodyKind'] extends 'raw' ? Buffer : Out<E['body']>;
  headers: Out<E['headers']>;
};

type SuccessStatus<E extends Endpoint> = Extract<keyof E['replies'], 200 | 201>;
/** What a handler returns: the body of the endpoint's success reply. */
export type EndpointReply<E extends Endpoint> = In<E['replies'][SuccessStatus<E>]>;

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointReply<E>>;

export type RouteExtras = {
  /** The message of a 422 when the body breaks a rule (spec 8 wording where it has one). */
  invalidMessage?: string;
  /** Largest body accepted, in bytes (JSON bodies: 100 kB). */
  bodyLimit?: number;
  /** Runs before parsing: authentication, CSRF. */
  preHandler?: RouteOptions['preHandler'];
};

/** The status of an endpoint's successful reply (200, or 201 for a creation). */
export function successStatus(endpoint: Endpoint): number {
  return (
    Object.keys(endpoint.replies)
      .map(Number)
      .find((s) => s >= 200 && s < 300) ?? 200
  );
}

function parse<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  onError: (e: z.ZodError) => Error,
) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw onError(result.error);
  return result.data;
}

const firstMessage = (error: z.ZodError) =>
  new BadRequestError(error.issues[0]?.message ?? 'Invalid request.');

/** Registers one endpoint of the contract with its handler. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras,
  // NoInfer: the endpoint alone decides E, so the handler's replies are checked against it.
  handler: NoInfer<EndpointHandler<E>>,
): void {
  const status = successStatus(endpoint);
  // A reply that is the same object as last time (content kept in memory, frozen until it
  // changes) is written once and its JSON reused, and compressed once per encoding.
  const written = new WeakMap<object, WrittenReply>();
  const serialise = compileSerialiser(endpoint.replies[status] as z.ZodType);
  // Registered inside the /api context: its paths are relative to the prefix.
  const url = endpoint.path.startsWith(app.prefix)
    ? endpoint.path.slice(app.prefix.length)
    : endpoint.path;
  app.route({
    method: endpoint.method,
    url,
    bodyLimit: extras.bodyLimit,
    preHandler: extras.preHandler,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      response: endpoint.replies,
    },
    config: { endpoint },
    handler: async (request, reply) => {
      const input = {
        params: parse(endpoint.params, request.params, firstMessage),
        query: parse(endpoint.query, request.query, firstMessage),
        headers: parse(endpoint.headers, request.headers, firstMessage),
        body:
          endpoint.bodyKind === 'raw'
            ? request.body
            : parse(endpoint.body, request.body ?? {}, (error) => {
                return new ValidationError(
                  extras.invalidMessage ?? messages.mandatory,
                  fieldErrors(error),
                );
              }),
      } as EndpointInput<E>;
      const result = await handler(input, request, reply);
      if (reply.sent) return;
      reply.code(status);
      if (result !== null && typeof result === 'object' && Object.isFrozen(result)) {
        let entry = written.get(result);
        if (entry === undefined) {
          entry = { json: serialise(result) };
          written.set(result, entry);
        }
        reply.type('application/json; charset=utf-8');
        return reply.send(precompressed(entry, request, reply));
      }
      return result;
    },
  });
}

type WrittenReply = { json: string; br?: Buffer; gzip?: Buffer };

/** Replies smaller than this are sent as they are (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The JSON of a kept reply, compressed for this client once and reused: compressing the same
 * price list for every request was most of the CPU time of the JSON GET APIs (issue 13).
 * @fastify/compress leaves a reply alone when it already has a Content-Encoding.
 */
function precompressed(
  entry: WrittenReply,
  request: FastifyRequest,
  reply: FastifyReply,
): string | Buffer {
  if (entry.json.length < COMPRESS_FROM_BYTES) return entry.json;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return entry.json;
  const body = (entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.json, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(entry.json));
  reply.header('Vary', 'Accept-Encoding');
  reply.header('Content-Encoding', encoding);
  return body;
}

/** The JSON Schema of a reply or request schema, as the OpenAPI document shows it. */
export function documentSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    // A request schema that accepts several shapes shows each of them.
    override: (context) => {
      const shapes = io === 'input' ? acceptedShapes.get(context.zodSchema) : undefined;
      if (!shapes) return;
      for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
      context.jsonSchema.anyOf = shapes.map((shape) => documentSchema(shape, 'input'));
    },
  });
  delete (json as { $schema?: string }).$schema;
  return json as Record<string, unknown>;
}

/**
 * The schema the serialiser is compiled from: the reply's JSON Schema, without
 * `additionalProperties: false`, so a value with a field more is written without that field
 * rather than refused (the serialiser writes only the contract's fields).
 */
function serialisationSchema(schema: z.ZodType): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'additionalProperties' && value === false) continue;
      out[key] = strip(value);
    }
    return out;
  };
  return strip(documentSchema(schema, 'output')) as Record<string, unknown>;
}

/** Serialisers compiled so far, per reply schema: every app of the process shares them. */
const serialisers = new WeakMap<z.ZodType, (value: unknown) => string>();

/**
 * A fast serialiser of a reply schema (fast-json-stringify, as Fastify uses), compiled when it
 * first writes a reply and then kept for the process: a server starts without compiling the
 * few hundred reply schemas of the contract, and a second app in the same process (two
 * instances in a test, a test file after another) compiles none again.
 */
export function compileSerialiser(schema: z.ZodType): (value: unknown) => string {
  return (value) => {
    let serialise = serialisers.get(schema);
    if (serialise === undefined) {
      serialise = fastJsonStringify(
        serialisationSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0],
      );
      serialisers.set(schema, serialise);
    }
    return serialise(value);
  };
}

/** Fastify's compilers for routes whose schemas are zod: parsing happens in `route`. */
export function applyContractCompilers(app: FastifyInstance) {
  // Requests are parsed by the handler wrapper above, with the contract's own messages.
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(({ schema }) => compileSerialiser(schema as z.ZodType));
}

/**
 * Reports every reply of a contract route that its endpoint does not describe: a status it
 * does not list, or a body its reply schema refuses; and every JSON error reply under /api
 * that no endpoint answered (an unknown path, a guard before routing) that is not the
 * contract's error shape, its `code` included. Used by the integration tests.
 */
export function checkRepliesAgainstContract(
  app: FastifyInstance,
  report: (problem: string) => void,
) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const endpoint = (request.routeOptions.config as { endpoint?: Endpoint }).endpoint;
    const unrouted =
      !endpoint &&
      request.url.startsWith('/api/') &&
      reply.statusCode >= 400 &&
      Boolean(reply.getHeader('content-type')?.toString().includes('json'));
    if (!endpoint && !unrouted) {
      done(null, payload);
      return;
    }
    const where = endpoint
      ? `${endpoint.method} ${endpoint.path} (${endpoint.operationId}) answered ${reply.statusCode}`
      : `${request.method} ${loggedPath(request.url)} (no endpoint) answered ${reply.statusCode}`;
    const schema = endpoint ? endpoint.replies[reply.statusCode] : errorReply;
    if (!schema) {
      report(`${where}: a status the contract does not list`);
    } else if (typeof payload === 'string' || isPrecompressed(payload, reply)) {
      const text =
        typeof payload === 'string' ? payload : decompress(payload as Buffer, reply).toString();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const result = schema.safeParse(body);
      if (!result.success) {
        report(`${where}: ${JSON.stringify(fieldErrors(result.error))} in ${text.slice(0, 300)}`);
      }
    } else if (
      payload !== null &&
      payload !== undefined &&
      reply.getHeader('content-type')?.toString().includes('json')
    ) {
      report(`${where}: a JSON body that was not written as text`);
    }
    done(null, payload);
  });
}

/** A kept reply compressed by `precompressed` above. */
function isPrecompressed(payload: unknown, reply: FastifyReply): payload is Buffer {
  const encoding = reply.getHeader('content-encoding');
  return Buffer.isBuffer(payload) && (encoding === 'br' || encoding === 'gzip');
}

function decompress(payload: Buffer, reply: FastifyReply): Buffer {
  return reply.getHeader('content-encoding') === 'br'
    ? brotliDecompressSync(payload)
    : gunzipSync(payload);
}
