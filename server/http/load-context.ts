import type { AppServices } from '../services';

/** What every React Router loader and action receives as `context`. */
export type AppLoadContext = { services: AppServices; cspNonce: string; clientIp: string };

declare module 'react-router' {
  interface AppLoadContext {
    services: AppServices;
    /** The nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
    /** The caller's IP as Express resolved it (trusted proxies only), for rate limits. */
    clientIp: string;
  }
}
