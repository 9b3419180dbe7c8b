import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, findEndpoint } from '../shared/api';
import { UNREADABLE_API } from '../server/http/request-guards';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The OpenAPI document at GET /api/openapi.json: valid OpenAPI 3.1, generated from the
 * contract (shared/api), describing exactly the routes the server has, with valid JSON Schemas
 * and examples (from the seeded data) that their own schemas accept.
 */

type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, { deprecated?: boolean }> }; example?: unknown }
    >;
  };
  responses: Record<string, { content: Record<string, { schema: unknown; example?: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
};

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.api<Document>('/api/openapi.json');
  expect(reply.status).toBe(200);
  document = reply.body;
});
afterAll(() => server.stop());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every schema valid under JSON Schema 2020-12, which the OpenAPI validator does not check', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'https://doc.invalid/openapi', components: document.components });
    const compile = (schema: unknown, where: string) => {
      // Refs to components resolve against the document added above.
      const rooted = JSON.parse(
        JSON.stringify(schema).replaceAll(
          '"#/components/',
          '"https://doc.invalid/openapi#/components/',
        ),
      ) as Record<string, unknown>;
      expect(ajv.validateSchema(rooted), `${where}: ${ajv.errorsText()}`).toBe(true);
      return ajv.compile(rooted);
    };
    let compiled = 0;
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      compile(schema, `components.schemas.${name}`);
      compiled += 1;
    }
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content['application/json'];
        if (!media) continue;
        const validate = compile(media.schema, `${method} ${path} ${status}`);
        compiled += 1;
        // The seeded examples are what their own schema describes.
        if (media.example !== undefined) {
          expect(
            validate(media.example),
            `${method} ${path} ${status} example: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
        }
      }
      const body = operation.requestBody?.content['application/json'];
      if (body) {
        const validate = compile(body.schema, `${method} ${path} request`);
        if (body.example !== undefined) {
          expect(
            validate(body.example),
            `${method} ${path} request example: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
        }
      }
    }
    expect(compiled).toBeGreaterThan(100);
    // Compiling every schema of the contract is CPU work: longer than 30 s on busy cores.
  }, 120_000);

  it('lists every endpoint of the contract once, with an operationId and a tag per area', () => {
    const endpoints = allEndpoints();
    const listed = operations();
    expect(listed).toHaveLength(endpoints.length);
    const ids = listed.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation!.operationId).toBe(endpoint.operationId);
      expect(operation!.tags).toEqual([endpoint.tag]);
    }
    const tags = new Set(listed.map((o) => o.operation.tags[0]));
    expect([...tags].sort()).toEqual(
      [
        'Accounts',
        'Back office',
        'Booking',
        'Catalogue',
        'Checkout',
        'Payments',
        'Webhooks',
      ].sort(),
    );
  });

  it('describes the three ways of being someone, and the app’s way to place an order', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.customerBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.customerCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(schemes.checkoutToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Checkout-Token',
    });
    const placeOrder = operations().find(
      (o) => o.operation.operationId === 'placeOrder',
    )!.operation;
    const ways = placeOrder.security.flatMap((s) => Object.keys(s));
    expect(ways).toEqual(
      expect.arrayContaining(['customerBearer', 'customerCookie', 'checkoutToken']),
    );
    // A customer-only call is not open to anyone.
    const orders = operations().find(
      (o) => o.path === '/api/orders' && o.method === 'get',
    )!.operation;
    expect(orders.security.length).toBeGreaterThan(0);
    expect(orders.security.flatMap((s) => Object.keys(s))).not.toContain('checkoutToken');
  });

  it('marks the spec’s accepted-and-ignored fields as deprecated', () => {
    let marked = 0;
    for (const endpoint of allEndpoints()) {
      for (const field of endpoint.legacyFields ?? []) {
        const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
        const body = document.paths[path]![endpoint.method.toLowerCase()]!.requestBody!;
        expect(body.content['application/json']!.schema.properties![field]!.deprecated, field).toBe(
          true,
        );
        marked += 1;
      }
    }
    expect(marked).toBeGreaterThan(0);
  });

  it('documents the estimate and the price cap of placeorder (issue 15), money as on the rest of the call', () => {
    const placeOrder = operations().find(
      (o) => o.operation.operationId === 'placeOrder',
    )!.operation;
    const resolve = (schema: unknown): Record<string, unknown> => {
      const ref = (schema as { $ref?: string }).$ref;
      return ref
        ? (document.components.schemas[ref.split('/').pop()!] as Record<string, unknown>)
        : (schema as Record<string, unknown>);
    };
    const body = placeOrder.requestBody!.content['application/json']!;
    const fields = body.schema.properties as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(fields.price_cap)).toContain('40.00');
    expect(String(fields.price_cap!.description)).toContain('At least 25.00');
    const estimate = resolve(fields.estimate) as {
      properties: { items: { items: { properties: Record<string, unknown> } }; not_sure: unknown };
    };
    expect(Object.keys(estimate.properties.items.items.properties).sort()).toEqual([
      'quantity',
      'service_id',
    ]);
    expect(estimate.properties.not_sure).toMatchObject({ type: 'boolean' });
    expect(JSON.stringify(estimate.properties.items)).toContain('"maximum":99');
    // The example sends both, and is accepted by the schema (checked above).
    expect(body.example).toMatchObject({ price_cap: '40.00', estimate: { not_sure: false } });
    const reply = placeOrder.responses['200']!.content['application/json']!.schema as {
      properties: { order: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(reply.properties.order.properties)).toEqual(
      expect.arrayContaining(['estimate_total', 'price_cap']),
    );
    expect(document.components.schemas.OrderEstimate).toBeDefined();
  });

  it('carries examples taken from the seeded data', () => {
    const pricelist = operations().find(
      (o) => o.operation.operationId === 'getPriceList',
    )?.operation;
    const example = JSON.stringify(
      pricelist?.responses['200']?.content['application/json']?.example,
    );
    expect(example).toContain('Dry Cleaning');
    expect(example).toContain('Trousers');
    const withExamples = operations().filter(
      (o) => o.operation.responses['200']?.content['application/json']?.example !== undefined,
    );
    expect(withExamples.length).toBeGreaterThan(10);
  });
});

describe('the route table', () => {
  it('is the contract: every /api route the server has is an endpoint, and every endpoint a route', () => {
    // What is not an endpoint of the contract: the document, its page, and the catch-alls.
    const infrastructure = (url: string) =>
      url.includes('*') ||
      url === '/api/openapi.json' ||
      url.startsWith('/api/docs') ||
      url === UNREADABLE_API;
    const routes = server.routes
      .filter(
        (r) =>
          r.url.startsWith('/api/') &&
          !['HEAD', 'OPTIONS'].includes(r.method) &&
          !infrastructure(r.url),
      )
      .map((r) => `${r.method} ${r.url}`);
    const contract = allEndpoints()
      .filter((e) => !(e.path.startsWith('/api/payment/test/') && !server.services.payments.test))
      .map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes)).toEqual(new Set(contract));
    expect(routes).toHaveLength(new Set(routes).size);
  });

  it('finds an endpoint from a request path', () => {
    expect(findEndpoint('GET', '/api/getarea/12')?.operationId).toBeDefined();
    expect(findEndpoint('GET', '/api/nothing-here')).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('renders the document with a viewer served from our own origin, under our CSP', async () => {
    // The CSP is sent in production only (Vite's development pages inject scripts).
    const production = await startTestServer({
      env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1', MAIL_OUTBOX_ONLY: '1' },
    });
    try {
      await expectDocsPage(production.url);
    } finally {
      await production.stop();
    }
  });
});

async function expectDocsPage(base: string) {
  const reply = await fetch(`${base}/api/docs`);
  expect(reply.status).toBe(200);
  const html = await reply.text();
  const csp = reply.headers.get('content-security-policy')!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  // Every script is ours: nonced inline, or from this origin.
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) {
    const src = /src="([^"]+)"/.exec(attributes)?.[1];
    expect(attributes).toContain(`nonce="${nonce}"`);
    if (src) {
      const script = new URL(src, reply.url);
      expect(script.origin, src).toBe(new URL(base).origin);
      const served = await fetch(script);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('javascript');
    }
  }
  expect(html).toContain('/api/openapi.json');
  expect(html).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\.(com|io|net|dev)\//i);
}
