import { randomFillSync } from 'node:crypto';
import type { FastifyReply, onRequestHookHandler } from 'fastify';

/**
 * Third-party origins the pages may use: Stripe.js and PayPal for payments, map embeds on the
 * branches page. Everything else is same-origin.
 */
const thirdParty = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://www.paypal.com'],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://www.paypal.com',
    'https://www.openstreetmap.org',
    'https://www.google.com',
  ],
  connect: ['https://api.stripe.com', 'https://www.paypal.com'],
  img: ['https://*.stripe.com', 'https://www.paypalobjects.com'],
};

/**
 * The Content-Security-Policy for a page whose inline scripts are allowed by `inlineScripts`:
 * `'nonce-…'` for a page rendered for one visitor, `'sha256-…'` hashes for a shared page
 * (server/http/page-cache.ts). `paymentOrigins` are where a configured Stripe.js comes from
 * when it is not js.stripe.com (a stand-in).
 */
export function contentSecurityPolicy(
  inlineScripts: readonly string[],
  paymentOrigins: readonly string[] = [],
): string {
  const script = [...inlineScripts, ...thirdParty.script, ...paymentOrigins];
  const frame = [...thirdParty.frame, ...paymentOrigins];
  return [
    `default-src 'self'`,
    `script-src 'self' ${script.join(' ')}`,
    // React sets style attributes (brand colours, progress bars); no inline <style> blocks.
    `style-src 'self' 'unsafe-inline'`,
    // blob: the driver's photo taken without a signal, previewed from IndexedDB (decision 061).
    `img-src 'self' data: blob: ${thirdParty.img.join(' ')}`,
    `font-src 'self'`,
    `connect-src 'self' ${thirdParty.connect.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    `frame-ancestors 'none'`,
    `form-action 'self'`,
    `base-uri 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
  }
}

export function cspNonceOf(reply: FastifyReply): string {
  return reply.cspNonce;
}

/** Random bytes drawn 4 kB at a time: one system call per 256 nonces, none ever reused. */
const noncePool = Buffer.alloc(4096);
let noncePoolOffset = noncePool.length;

/** 16 fresh random bytes, base64: the nonce of one response's CSP. */
function newNonce(): string {
  if (noncePoolOffset + 16 > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + 16);
  noncePoolOffset += 16;
  return nonce;
}

export type SecurityHeaders = {
  /** The onRequest hook that sets them. */
  hook: onRequestHookHandler;
  /** The policy of a shared page whose inline scripts have these hashes (null outside production). */
  policyForHashes(hashes: readonly string[]): string | null;
};

/**
 * Security headers for every response (an onRequest hook): pages get a CSP with a fresh nonce
 * (shared pages replace it with the hashes of their scripts), the JSON API one fixed policy that
 * allows nothing. The CSP and HSTS only in production: Vite's development server injects
 * inline scripts of its own, and localhost has no TLS.
 */
export function securityHeaders(options: {
  production: boolean;
  /** Stripe.js's URL, when configured. */
  stripeJsUrl?: string;
}): SecurityHeaders {
  const stripeOrigin = options.stripeJsUrl ? new URL(options.stripeJsUrl).origin : null;
  const paymentOrigins =
    stripeOrigin && !thirdParty.script.includes(stripeOrigin) ? [stripeOrigin] : [];
  const common = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  };
  const hsts = 'max-age=31536000; includeSubDomains';
  // JSON of the API runs no script, embeds nothing and is never a document: OWASP's set for
  // REST APIs (never cached, the strictest policy, no framing, no sniffing), the same for every
  // reply and no nonce to draw. Referrer, opener and permissions policies only act on documents.
  const apiHeaders = {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    ...(options.production
      ? {
          'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
          'Strict-Transport-Security': hsts,
        }
      : {}),
  };
  const hook: onRequestHookHandler = (request, reply, done) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.headers(apiHeaders);
      return done();
    }
    const nonce = newNonce();
    reply.cspNonce = nonce;
    reply.headers(common);
    if (options.production) {
      reply.headers({
        'Content-Security-Policy': contentSecurityPolicy([`'nonce-${nonce}'`], paymentOrigins),
        'Strict-Transport-Security': hsts,
      });
    }
    done();
  };
  return {
    hook,
    policyForHashes: (hashes) =>
      options.production ? contentSecurityPolicy(hashes, paymentOrigins) : null,
  };
}
