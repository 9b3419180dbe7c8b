import {
  PaymentProviderError,
  type PayPalCaptureResult,
  type RefundResult,
  type PayPalProvider,
} from './payment-provider';

/**
 * PayPal Orders v2 over HTTPS: a GBP order with our order id as reference_id (the 0.35
 * 'Skip basket' verification, or an invoice's amount due), approved by the buyer on PayPal's
 * page and captured on the server, which reports what PayPal says was captured.
 */
export function createPayPalProvider(options: {
  clientId: string;
  clientSecret: string;
  apiBase?: string;
  timeoutMs?: number;
  /** Shown on PayPal's approval page. */
  brandName?: string;
}): PayPalProvider {
  const base = options.apiBase ?? 'https://api-m.paypal.com';
  const timeout = options.timeoutMs ?? 10_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit & { auth?: 'basic' }): Promise<Response> {
    try {
      return await fetch(new URL(path, base), { ...init, signal: AbortSignal.timeout(timeout) });
    } catch {
      throw new PaymentProviderError();
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const reply = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!reply.ok) throw new PaymentProviderError();
    const body = (await reply.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!body?.access_token || !body.expires_in) throw new PaymentProviderError();
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return token.value;
  }

  async function api(
    path: string,
    body: unknown | undefined,
    headers: Record<string, string> = {},
  ) {
    const reply = await call(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await reply.json().catch(() => null)) as Record<string, unknown> | null;
    // PayPal down, throttling us, or refusing our credentials: not the buyer's doing.
    if (json === null || reply.status >= 500 || [401, 403, 429].includes(reply.status)) {
      throw new PaymentProviderError();
    }
    return { ok: reply.ok, status: reply.status, json };
  }

  return {
    name: 'paypal',
    clientId: options.clientId,
    async createOrder({ orderId, amountPence, description, requestId, returnUrl, cancelUrl }) {
      const reply = await api(
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: orderId,
              description,
              amount: { currency_code: 'GBP', value: (amountPence / 100).toFixed(2) },
            },
          ],
          // The buyer approves on PayPal's page and comes back to ours; nothing is shipped.
          payment_source: {
            paypal: {
              experience_context: {
                return_url: returnUrl,
                cancel_url: cancelUrl,
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                ...(options.brandName ? { brand_name: options.brandName } : {}),
              },
            },
          },
        },
        { 'PayPal-Request-Id': requestId },
      );
      const links = (reply.json.links ?? []) as { rel: string; href: string }[];
      const approveUrl = links.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!reply.ok || typeof reply.json.id !== 'string' || !approveUrl) {
        throw new PaymentProviderError();
      }
      return { paypalOrderId: reply.json.id, approveUrl };
    },
    async captureOrder(paypalOrderId): Promise<PayPalCaptureResult> {
      if (!/^[A-Z0-9-]{5,64}$/i.test(paypalOrderId)) {
        return { status: 'failed', paypalOrderId, message: 'No such PayPal order.' };
      }
      // The same request id makes a retried capture (our reply lost on the way) PayPal's
      // first answer again, not a second capture; the full order comes back in the reply.
      const reply = await api(
        `/v2/checkout/orders/${paypalOrderId}/capture`,
        {},
        { 'PayPal-Request-Id': `capture-${paypalOrderId}`, Prefer: 'return=representation' },
      );
      if (reply.ok) return capturedOf(paypalOrderId, reply.json);
      const details = (reply.json.details ?? []) as { issue?: string; description?: string }[];
      if (details.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED')) {
        // Captured before (another tab, or a reply we never got): read what was captured.
        const order = await api(`/v2/checkout/orders/${paypalOrderId}`, undefined);
        if (order.ok) return capturedOf(paypalOrderId, order.json);
      }
      return {
        status: 'failed',
        paypalOrderId,
        message: details[0]?.description ?? 'The PayPal payment was not approved.',
      };
    },
    async refundCapture({ captureId, amountPence, requestId }): Promise<RefundResult> {
      if (!/^[A-Z0-9-]{5,64}$/i.test(captureId)) {
        return { status: 'failed', message: 'No such PayPal payment.' };
      }
      const reply = await api(
        `/v2/payments/captures/${captureId}/refund`,
        { amount: { currency_code: 'GBP', value: (amountPence / 100).toFixed(2) } },
        { 'PayPal-Request-Id': requestId },
      );
      const status = reply.json.status;
      if (reply.ok && typeof reply.json.id === 'string') {
        if (status === 'COMPLETED') return { status: 'succeeded', refundId: reply.json.id };
        if (status === 'PENDING') return { status: 'pending', refundId: reply.json.id };
      }
      const details = (reply.json.details ?? []) as { description?: string }[];
      return { status: 'failed', message: details[0]?.description ?? 'PayPal refused the refund.' };
    },
  };
}

/** What PayPal says an order captured: one completed capture, its amount and our reference. */
function capturedOf(paypalOrderId: string, order: Record<string, unknown>): PayPalCaptureResult {
  type Capture = { id: string; status: string; amount: { currency_code: string; value: string } };
  const unit = (
    order.purchase_units as
      { reference_id: string; payments?: { captures?: Capture[] } }[] | undefined
  )?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (capture?.status === 'PENDING') {
    return {
      status: 'failed',
      paypalOrderId,
      message: 'PayPal is still reviewing this payment. Please call us to complete your order.',
    };
  }
  if (order.status !== 'COMPLETED' || !unit || capture?.status !== 'COMPLETED') {
    return { status: 'failed', paypalOrderId, message: 'The PayPal payment was not completed.' };
  }
  return {
    status: 'captured',
    paypalOrderId,
    captureId: capture.id,
    amountPence: Math.round(Number(capture.amount.value) * 100),
    currency: capture.amount.currency_code,
    referenceId: unit.reference_id,
  };
}
