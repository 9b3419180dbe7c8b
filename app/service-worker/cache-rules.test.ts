import { describe, expect, it } from 'vitest';
import { runtimeCacheOf } from './cache-rules';

describe('what the service worker caches at run time (decision 064)', () => {
  it('never caches the API: prices, slots and orders are always live', () => {
    expect(runtimeCacheOf('/api/prices', '')).toBeNull();
    expect(runtimeCacheOf('/api/slots', '')).toBeNull();
    expect(runtimeCacheOf('/api/slots/2026-12-08', '')).toBeNull();
    expect(runtimeCacheOf('/api/orders/abc/photos/1.jpg', 'image')).toBeNull();
  });

  it('never caches a page', () => {
    expect(runtimeCacheOf('/pricing', 'document')).toBeNull();
    expect(runtimeCacheOf('/pricing.data', '')).toBeNull();
    expect(runtimeCacheOf('/images/hero.svg', 'document')).toBeNull();
  });

  it('keeps images of the site, the icons and uploads', () => {
    expect(runtimeCacheOf('/images/hero.svg', 'image')).toBe('images');
    expect(runtimeCacheOf('/images/blog/coats.svg', '')).toBe('images');
    expect(runtimeCacheOf('/icons/icon-192.png', 'image')).toBe('images');
    expect(runtimeCacheOf('/uploads/ab/cd.jpg', 'image')).toBe('images');
    expect(runtimeCacheOf('/favicon.svg', 'image')).toBe('images');
    expect(runtimeCacheOf('/apple-touch-icon.png', 'image')).toBe('images');
  });

  it('keeps fonts and the chunks outside the shell, named by their content', () => {
    expect(runtimeCacheOf('/assets/inter-Ab12.woff2', 'font')).toBe('fonts');
    expect(runtimeCacheOf('/assets/account-orders-Ab12.js', 'script')).toBe('assets');
    expect(runtimeCacheOf('/assets/root-Ab12.css', 'style')).toBe('assets');
  });

  it('leaves everything else to the network', () => {
    expect(runtimeCacheOf('/manifest.webmanifest', 'manifest')).toBeNull();
    expect(runtimeCacheOf('/sw.js', 'script')).toBeNull();
    expect(runtimeCacheOf('/sitemap.xml', '')).toBeNull();
  });
});
