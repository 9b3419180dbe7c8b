import { RouterContextProvider } from 'react-router';
import type { AppServices } from '../services';

/**
 * What every React Router loader and action receives as `context`. With React Router's
 * middleware (future.v8_middleware) that is a RouterContextProvider; ours carries these
 * fields on it, as the migration path of React Router's middleware guide describes.
 */
export type AppContextFields = { services: AppServices; cspNonce: string; clientIp: string };

declare module 'react-router' {
  interface RouterContextProvider {
    services: AppServices;
    /** The nonce of this response's Content-Security-Policy, for inline scripts. */
    cspNonce: string;
    /** The caller's IP as the HTTP layer resolved it (trusted proxies only), for rate limits. */
    clientIp: string;
  }
}

/** The `context` of one request's loaders and actions. */
export function createLoadContext(fields: AppContextFields): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), fields);
}
