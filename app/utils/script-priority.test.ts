import { describe, expect, it } from 'vitest';
import {
  HELD_MODULE_TYPE,
  headRewriter,
  lowPriorityModulePreloads,
  PRELOAD_LIST_ATTRIBUTE,
  scriptsAfterFirstPaint,
} from './script-priority';

const head =
  '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/a.svg"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="N1"/></head>';
const body =
  '<body><p>Page</p><script nonce="N1">window.__context = {};</script>' +
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>' +
  '<script nonce="N1">window.__data = 1;</script></body></html>';

const rewrite = (...pieces: string[]) => {
  const scripts = scriptsAfterFirstPaint();
  return pieces.map((piece) => scripts(Buffer.from(piece)).toString('utf8'));
};

describe('scripts after the first paint', () => {
  it('takes the module preloads out of <head>, and nothing else', () => {
    const [page] = rewrite(head + body);
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain('<link rel="preload" as="image" href="/a.svg"/>');
  });

  it('holds the module script back, with a starter that lists the preloads after it', () => {
    const [page] = rewrite(head + body);
    expect(page).not.toContain('type="module"');
    expect(page).toContain(
      `<script nonce="N1" type="${HELD_MODULE_TYPE}">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>` +
        `<script nonce="N1" ${PRELOAD_LIST_ATTRIBUTE}="/assets/entry.js /assets/root.js">(function(s){`,
    );
    // The other inline scripts run as they did.
    expect(page).toContain('<script nonce="N1">window.__context = {};</script>');
    expect(page).toContain('<script nonce="N1">window.__data = 1;</script></body></html>');
  });

  it('rewrites a page written in several pieces, and nothing after the module script', () => {
    // Cut between two tags of <head>.
    const cut = head.indexOf('<link rel="modulepreload" href="/assets/root.js"');
    const [first, second, third] = rewrite(
      head.slice(0, cut),
      head.slice(cut) + body,
      '<script type="module">import "/assets/late.js";</script>',
    );
    expect(first! + second!).not.toContain('rel="modulepreload"');
    expect(second).toContain(`${PRELOAD_LIST_ATTRIBUTE}="/assets/entry.js /assets/root.js"`);
    expect(third).toBe('<script type="module">import "/assets/late.js";</script>');
  });

  it('leaves module scripts with a source alone', () => {
    const [page] = rewrite(
      '<head></head><body><script type="module" src="/assets/x.js"></script></body>',
    );
    expect(page).toBe(
      '<head></head><body><script type="module" src="/assets/x.js"></script></body>',
    );
  });

  it('passes on a piece cut inside a multi-byte character untouched', () => {
    const bytes = Buffer.from('<link rel="modulepreload" href="/x.js"/>£');
    const cut = bytes.subarray(0, bytes.length - 1);
    expect(scriptsAfterFirstPaint()(cut)).toBe(cut);
  });
});

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
