import type { FastifyInstance } from 'fastify';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { z } from 'zod';
import { allEndpoints, type Credential, type Endpoint, type Tag } from '@shared/api';
import type { Brand } from '@shared/brand';
import type { AppServices } from '../services';
import { documentSchema, successStatus } from './contract-routes';
import { seededExamples } from './openapi-examples';

/*
 * The OpenAPI 3.1 document of /api, generated from the contract (shared/api) at
 * GET /api/openapi.json, and its documentation page at /api/docs (Scalar, served from our own
 * origin under our Content-Security-Policy). Nothing of it is written by hand.
 */

type Json = Record<string, unknown>;

const tagDescriptions: Record<Tag, string> = {
  Catalogue: 'Prices, landing pages, areas, branches, FAQs and the blog (spec section 7).',
  Booking: 'Collection and delivery slots, the address lookup and coverage.',
  Accounts: 'Login, registration, password reset, the profile and account deletion.',
  Checkout:
    'The guest step, placing an order and its confirmation. The app places an order exactly as the website does: see placeOrder.',
  Payments:
    'Payment after cleaning: a card saved at £0.00 or a £0.35 PayPal verification at booking, the invoice paid later.',
  Webhooks: 'Calls from payment providers, checked by their signatures.',
  'Back office': 'The shop’s staff: orders, items and invoices, slots, the catalogue, customers.',
};

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'The request is malformed (a path or query parameter, an unreadable body)',
  401: 'Not logged in, or the credentials are not valid for this',
  403: 'Refused: another site’s request, or not allowed for this role',
  404: 'Not found',
  409: 'Refused by the state of things (a full slot, an order past the point of change)',
  413: 'The request is too large',
  415: 'The body is not JSON',
  422: 'A rule of the request is broken; `errors` names the fields',
  429: 'Too many attempts; `Retry-After` says when to try again',
  502: 'The payment provider did not answer',
  503: 'The service is briefly unavailable',
};

/** The security schemes a credential of the contract stands for. */
const schemesOf: Record<Credential, string[]> = {
  bearer: ['customerBearer'],
  cookie: ['customerCookie'],
  checkoutToken: ['checkoutToken'],
  paymentToken: ['paymentToken'],
  approvalToken: ['approvalToken'],
  staff: ['staffBearer', 'staffCookie'],
};

/**
 * JSON Schemas that share named components: each schema's `$defs` go to
 * `components.schemas`, its refs pointing there. An input and an output version of one
 * component that differ are kept apart (`…Input`).
 */
class Components {
  readonly schemas: Record<string, Json> = {};

  add(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = documentSchema(schema, io) as Json & { $defs?: Record<string, Json> };
    const renamed = new Map<string, string>();
    for (const [id, def] of Object.entries(json.$defs ?? {})) {
      const existing = this.schemas[id];
      const name =
        existing && JSON.stringify(existing) !== JSON.stringify(def) && io === 'input'
          ? `${id}Input`
          : id;
      renamed.set(id, name);
    }
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      const out: Json = {};
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
          const id = value.slice('#/$defs/'.length);
          out.$ref = `#/components/schemas/${renamed.get(id) ?? id}`;
        } else out[key] = rewrite(value);
      }
      return out;
    };
    for (const [id, def] of Object.entries(json.$defs ?? {})) {
      this.schemas[renamed.get(id)!] ??= rewrite(def) as Json;
    }
    delete json.$defs;
    return rewrite(json) as Json;
  }
}

/** `{id}` path parameters, as OpenAPI writes them. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

function parameters(components: Components, endpoint: Endpoint): Json[] {
  const out: Json[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') => {
    if (!schema) return;
    const json = components.add(schema, 'input') as {
      properties?: Record<string, Json>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, deprecated, ...rest } = property as Json & {
        description?: string;
        deprecated?: boolean;
      };
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(description ? { description } : {}),
        ...(deprecated ? { deprecated } : {}),
        schema: rest,
      });
    }
  };
  add(endpoint.params, 'path');
  add(endpoint.query, 'query');
  add(endpoint.headers, 'header');
  return out;
}

/** The request body, with the spec's accepted-and-ignored fields marked deprecated. */
function requestBody(components: Components, endpoint: Endpoint, example: unknown): Json | null {
  if (endpoint.bodyKind === 'raw') {
    return {
      required: true,
      content: {
        [endpoint.tag === 'Webhooks' ? 'application/json' : 'application/octet-stream']: {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
  }
  if (!endpoint.body) return null;
  const schema = components.add(endpoint.body, 'input') as Json & {
    properties?: Record<string, Json>;
  };
  for (const field of endpoint.legacyFields ?? []) {
    const property = schema.properties?.[field];
    if (!property) continue;
    property.deprecated = true;
    property.description =
      'Accepted for compatibility with the spec’s clients, and ignored: the server decides this itself.';
  }
  const mediaType =
    endpoint.bodyKind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    required: true,
    content: { [mediaType]: { schema, ...(example ? { example } : {}) } },
  };
}

function operation(
  components: Components,
  endpoint: Endpoint,
  examples: { request?: unknown; reply?: unknown },
): Json {
  const ok = successStatus(endpoint);
  const responses: Json = {};
  for (const [status, schema] of Object.entries(endpoint.replies)) {
    const code = Number(status);
    const example = code === ok ? examples.reply : undefined;
    responses[status] = {
      description: statusText[code] ?? 'Reply',
      content: {
        [code === ok && endpoint.replyType ? endpoint.replyType : 'application/json']: {
          schema: components.add(schema as z.ZodType, 'output'),
          ...(example !== undefined ? { example } : {}),
        },
      },
    };
  }
  const body = requestBody(components, endpoint, examples.request);
  const params = parameters(components, endpoint);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.auth
      ? { security: endpoint.auth.flatMap((c) => schemesOf[c].map((s) => ({ [s]: [] }))) }
      : { security: [] }),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export function buildOpenApiDocument(options: {
  brand: Brand;
  publicUrl: string;
  endpoints?: Endpoint[];
  examples?: Record<string, { request?: unknown; reply?: unknown }>;
}): Json {
  const components = new Components();
  const paths: Record<string, Json> = {};
  for (const endpoint of options.endpoints ?? allEndpoints()) {
    const at = (paths[openApiPath(endpoint.path)] ??= {});
    at[endpoint.method.toLowerCase()] = operation(
      components,
      endpoint,
      options.examples?.[endpoint.operationId] ?? {},
    );
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.brand.name} API`,
      version: '1.0.0',
      description: [
        `The API of ${options.brand.name}: what the website and the mobile app use (spec section 7).`,
        '',
        '**Being someone.** A customer logs in with POST /api/login and sends the token as `Authorization: Bearer {token}` (the website holds the same session in an HttpOnly cookie). A guest, or a customer who signs up while checking out, gets a checkout token from POST /api/guest or /api/register and sends it as `X-Checkout-Token` to place that order. The payment page link of our e-mails carries a signed token, sent as `X-Payment-Token`, that lets its holder pay for that one order. Staff sign in with POST /api/admin/login.',
        '',
        '**Errors.** Every error reply is `{ status: false, code, message, errors? }`: `code` (one of `ErrorCode`) is what programs branch on; `message` is for people and may be reworded; a 422 names the fields in `errors`.',
        '',
        '**Writes from a browser** must come from this site (Origin or Referer); requests with a Bearer header are exempt.',
      ].join('\n'),
    },
    servers: [{ url: options.publicUrl }],
    tags: (Object.keys(tagDescriptions) as Tag[]).map((name) => ({
      name,
      description: tagDescriptions[name],
    })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        customerBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token of POST /api/login (the mobile app).',
        },
        customerCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cl_session',
          description: 'The website’s session cookie, set by POST /api/login.',
        },
        checkoutToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Checkout-Token',
          description: 'From POST /api/guest or /api/register: places that checkout’s order.',
        },
        paymentToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Payment-Token',
          description:
            'The `t` of the payment page link in our e-mails (and of `payment_url` in the placeOrder reply): pays one order.',
        },
        approvalToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Approval-Token',
          description:
            'The `t` of the approval link in our e-mails: answers that one approval request of one order.',
        },
        staffBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token of POST /api/admin/login (back office).',
        },
        staffCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cl_staff',
          description: 'The back office’s session cookie.',
        },
      },
    },
  };
}

/** Placeholder of the docs page's nonce; each reply gets its own. */
const DOCS_NONCE = 'scalar-csp-nonce-placeholder';

/** GET /api/openapi.json and the documentation page /api/docs. */
export function openApiRoutes(api: FastifyInstance, services: AppServices) {
  let cached: { version: number; json: string } | null = null;
  api.get('/openapi.json', async (_request, reply) => {
    const version = await services.content.version();
    if (!cached || cached.version !== version) {
      const document = buildOpenApiDocument({
        brand: services.config.brand,
        publicUrl: services.config.publicUrl,
        examples: await seededExamples(services),
      });
      cached = { version, json: JSON.stringify(document) };
    }
    return reply.type('application/json; charset=utf-8').send(cached.json);
  });
  // The page's inline configuration carries this response's CSP nonce.
  // (A context of its own: the other API replies do not pass through this hook.)
  void api.register(async (docs) => {
    docs.addHook('onSend', (_request, reply, payload, done) => {
      if (typeof payload === 'string') {
        return done(null, payload.replaceAll(DOCS_NONCE, reply.cspNonce));
      }
      done(null, payload);
    });
    await docs.register(scalarApiReference, {
      routePrefix: '/docs',
      configuration: {
        url: '/api/openapi.json',
        pageTitle: `${services.config.brand.name} API`,
        nonce: DOCS_NONCE,
        // Nothing from other origins: no fonts, no proxy, no telemetry.
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // Scalar's hosted services (AI chat, MCP, its cloud toolbar) would leave our origin.
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        favicon: '/favicon.svg',
      },
    });
  });
}
