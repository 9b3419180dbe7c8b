import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

/*
 * A local stand-in for PayPal's REST API (OAuth, Orders v2) and its approval page, for tests
 * that cannot reach the internet. The buyer approves or cancels on `/checkoutnow` and is sent
 * back to the order's return_url or cancel_url with `token` (and `PayerID`), as PayPal does.
 */

export type PayPalStandInOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  description: string;
  currency: string;
  value: string;
  returnUrl?: string;
  cancelUrl?: string;
  /** Set by a test: the capture is declined by the buyer's bank. */
  declineCapture?: boolean;
};

export type PayPalStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, PayPalStandInOrder>;
  /** Refunds made against captures, in pence. */
  refunds: { id: string; captureId: string; amount: number }[];
  calls: string[];
  /** What the buyer does on PayPal's page; returns where PayPal sends them. */
  decide(orderId: string, approve: boolean): string;
  /** The next capture is made, but its reply is lost (a 500 reaches us). */
  loseNextCaptureReply(): void;
  /** Forget the capture request ids seen, as after PayPal's retention period. */
  forgetRequestIds(): void;
  close(): Promise<void>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const clientId = 'client-id';
  const clientSecret = 'client-secret';
  const orders = new Map<string, PayPalStandInOrder>();
  const refunds: { id: string; captureId: string; amount: number }[] = [];
  const byRequestId = new Map<string, unknown>();
  let loseCaptureReply = false;
  const calls: string[] = [];
  let url = '';

  function decide(orderId: string, approve: boolean): string {
    const order = orders.get(orderId);
    if (!order) throw new Error(`No such PayPal order ${orderId}`);
    if (approve && order.status === 'CREATED') order.status = 'APPROVED';
    const next = new URL((approve ? order.returnUrl : order.cancelUrl) ?? 'http://invalid/');
    next.searchParams.set('token', orderId);
    if (approve) next.searchParams.set('PayerID', 'STANDINPAYER');
    return next.toString();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const address = new URL(req.url ?? '/', 'http://x');
    const path = address.pathname;
    const text = await readBody(req);
    calls.push(`${req.method} ${path}`);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };

    // The buyer's side: the approval page and its two buttons.
    if (path === '/checkoutnow') {
      const order = orders.get(address.searchParams.get('token') ?? '');
      if (!order) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('No such order');
      }
      if (req.method === 'POST') {
        const choice = new URLSearchParams(text).get('choice');
        res.writeHead(303, { Location: decide(order.id, choice === 'approve') });
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>PayPal (stand-in)</title></head><body style="font:16px system-ui,sans-serif;padding:24px">
<h1>PayPal stand-in: pay £${escapeHtml(order.value)}</h1>
<p>${escapeHtml(order.description)}</p>
<form method="post"><button name="choice" value="approve">Approve payment</button>
<button name="choice" value="cancel">Cancel and return</button></form></body></html>`);
    }

    if (path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
      return send(200, { access_token: 'A21-standin-token', expires_in: 3600 });
    }
    if (req.headers.authorization !== 'Bearer A21-standin-token') {
      return send(401, { name: 'AUTHENTICATION_FAILURE' });
    }
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const requestId = req.headers['paypal-request-id'];
      if (typeof requestId === 'string' && byRequestId.has(requestId)) {
        return send(200, byRequestId.get(requestId));
      }
      const json = JSON.parse(text) as {
        purchase_units: {
          reference_id: string;
          description: string;
          amount: { currency_code: string; value: string };
        }[];
        payment_source?: {
          paypal?: { experience_context?: { return_url?: string; cancel_url?: string } };
        };
      };
      const unit = json.purchase_units[0]!;
      const id = `STANDIN${String(orders.size + 1).padStart(10, '0')}`;
      const context = json.payment_source?.paypal?.experience_context;
      orders.set(id, {
        id,
        status: 'CREATED',
        referenceId: unit.reference_id,
        description: unit.description,
        currency: unit.amount.currency_code,
        value: unit.amount.value,
        returnUrl: context?.return_url,
        cancelUrl: context?.cancel_url,
      });
      const reply = {
        id,
        status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        links: [
          { rel: 'self', href: `${url}/v2/checkout/orders/${id}` },
          { rel: context ? 'payer-action' : 'approve', href: `${url}/checkoutnow?token=${id}` },
        ],
      };
      if (typeof requestId === 'string') byRequestId.set(requestId, reply);
      return send(201, reply);
    }
    const read = /^\/v2\/checkout\/orders\/(\w+)$/.exec(path);
    if (req.method === 'GET' && read) {
      const order = orders.get(read[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      return send(200, orderJson(order));
    }
    const capture = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `capture:${requestId}` : null;
      if (key && byRequestId.has(key)) return send(201, byRequestId.get(key));
      const order = orders.get(capture[1]!);
      if (!order) {
        return send(404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [
            { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' },
          ],
        });
      }
      const refuse = (issue: string, description: string) =>
        send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue, description }] });
      if (order.status === 'CREATED') {
        return refuse('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      }
      if (order.status === 'COMPLETED') {
        return refuse('ORDER_ALREADY_CAPTURED', 'Order already captured.');
      }
      if (order.declineCapture) return refuse('INSTRUMENT_DECLINED', 'Instrument declined.');
      order.status = 'COMPLETED';
      const reply = orderJson(order);
      if (key) byRequestId.set(key, reply);
      if (loseCaptureReply) {
        loseCaptureReply = false;
        return send(500, { name: 'INTERNAL_SERVER_ERROR' });
      }
      return send(201, reply);
    }
    const refund = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const requestId = req.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `refund:${requestId}` : null;
      if (key && byRequestId.has(key)) return send(201, byRequestId.get(key));
      const order = [...orders.values()].find(
        (o) => o.status === 'COMPLETED' && `CAP${o.id}` === refund[1],
      );
      if (!order) {
        return send(404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [
            { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' },
          ],
        });
      }
      const { amount } = JSON.parse(text) as { amount: { value: string; currency_code: string } };
      const cents = Math.round(Number(amount.value) * 100);
      const already = refunds
        .filter((r) => r.captureId === refund[1])
        .reduce((s, r) => s + r.amount, 0);
      if (cents + already > Math.round(Number(order.value) * 100)) {
        return send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [
            {
              issue: 'REFUND_AMOUNT_EXCEEDED',
              description:
                'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
            },
          ],
        });
      }
      const made = { id: `REFUND${refunds.length + 1}`, captureId: refund[1]!, amount: cents };
      refunds.push(made);
      const reply = { id: made.id, status: 'COMPLETED' };
      if (key) byRequestId.set(key, reply);
      return send(201, reply);
    }
    send(404, { name: 'RESOURCE_NOT_FOUND' });
  }

  function orderJson(order: PayPalStandInOrder) {
    return {
      id: order.id,
      status: order.status,
      purchase_units: [
        {
          reference_id: order.referenceId,
          ...(order.status === 'COMPLETED'
            ? {
                payments: {
                  captures: [
                    {
                      id: `CAP${order.id}`,
                      status: 'COMPLETED',
                      amount: { currency_code: order.currency, value: order.value },
                    },
                  ],
                },
              }
            : {}),
        },
      ],
    };
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    orders,
    refunds,
    calls,
    decide,
    loseNextCaptureReply() {
      loseCaptureReply = true;
    },
    forgetRequestIds() {
      for (const key of byRequestId.keys()) if (key.startsWith('capture:')) byRequestId.delete(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
