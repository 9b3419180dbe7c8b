import { describe, expect, it } from 'vitest';
import { headRewriter, lowPriorityModulePreloads } from './script-priority';

describe('module preloads at low priority', () => {
  it('marks every module preload low, and nothing else', () => {
    const head =
      '<link rel="preload" as="image" href="/a.svg"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>';
    expect(lowPriorityModulePreloads(head)).toBe(
      '<link rel="preload" as="image" href="/a.svg"/><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
    );
  });

  it('rewrites the pieces of a page up to the end of <head> only', () => {
    const rewrite = headRewriter(lowPriorityModulePreloads);
    const first = rewrite(Buffer.from('<head><link rel="modulepreload" href="/x.js"/></head><p>'));
    const later = rewrite(Buffer.from('<link rel="modulepreload" href="/y.js"/>'));
    expect(first.toString()).toContain('fetchpriority="low"');
    expect(later.toString()).toBe('<link rel="modulepreload" href="/y.js"/>');
  });

  it('passes on a piece cut inside a multi-byte character untouched', () => {
    const bytes = Buffer.from('<link rel="modulepreload" href="/x.js"/>£');
    const cut = bytes.subarray(0, bytes.length - 1);
    expect(headRewriter(lowPriorityModulePreloads)(cut)).toBe(cut);
  });
});
