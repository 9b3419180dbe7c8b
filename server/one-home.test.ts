import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderStatuses } from '../shared/order-status';

/*
 * The order domain's concepts each live in one file (design review of 2026-11-23, issue 14).
 * These scans fail when a copy comes back: a second status list, a second address-book
 * insert, order fields mapped outside the presenter, or use-case folders importing each other.
 */
const root = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = ['server', 'app', 'shared'].flatMap(sources).map((path) => ({
  path: relative(root, join(root, path)),
  text: readFileSync(join(root, path), 'utf8'),
}));

const holding = (pattern: RegExp) =>
  files.filter((f) => pattern.test(f.text)).map((f) => f.path.replaceAll('\\', '/'));

describe('one home per order concept', () => {
  it('writes the list of order statuses once', () => {
    // An array or set naming most of the statuses is a copy of the list; a rule naming a few
    // (canItemise's three) is not.
    const copies = files.filter((f) =>
      [...f.text.matchAll(/\[([^[\]]*)\]/g)].some(
        ([, inside]) =>
          orderStatuses.filter((s) => new RegExp(`['"\`]${s}['"\`]`).test(inside!)).length >
          orderStatuses.length / 2,
      ),
    );
    expect(copies.map((f) => f.path.replaceAll('\\', '/'))).toEqual(['shared/order-status.ts']);
    expect(holding(/text\('status', \{ enum: orderStatuses \}\)/)).toEqual(['server/db/schema.ts']);
    expect(holding(/from '[^']*order-status'/)).toEqual(
      expect.arrayContaining([
        'server/db/schema.ts',
        'shared/api/admin/orders.ts',
        'shared/order-pipeline.ts',
      ]),
    );
  });

  it('inserts into the address book in one function', () => {
    expect(holding(/insert\(\s*customerAddresses\s*\)/)).toEqual([
      'server/use-cases/accounts/save-address.ts',
    ]);
  });

  it('issues one-time codes and links in one module', () => {
    expect(holding(/insert\(\s*oneTimeCodes\s*\)|update\(\s*oneTimeCodes\s*\)/)).toEqual([
      'server/use-cases/accounts/one-time-codes.ts',
    ]);
  });

  it('maps an order row to what people see in the presenters of its audiences', () => {
    // The spec's reply fields built from order columns: only the presenters do it, one per
    // audience (the order's parts, the board, staff, the customer, the confirmation; the
    // driver, the approval and the data export beside their use-cases).
    const presenters = [
      'server/use-cases/approvals/present-approval.ts',
      'server/use-cases/claims/present-claim-pages.ts',
      'server/use-cases/claims/present-claims.ts',
      'server/use-cases/customer-data/present-customer-data.ts',
      'server/use-cases/driver/present-driver.ts',
      'server/use-cases/orders/present-board.ts',
      'server/use-cases/orders/present-order-confirmation.ts',
      'server/use-cases/orders/present-order-for-customer.ts',
      'server/use-cases/orders/present-order-for-staff.ts',
      'server/use-cases/orders/present-order-parts.ts',
    ];
    expect(holding(/order_no:\s*orderNumber\(/).sort()).toEqual(presenters);
    // The customer is phone_number in every reply, named by customerView alone.
    expect(holding(/phone_number:\s*[\w.]+\.phone\b/)).toEqual([
      'server/use-cases/orders/present-order-parts.ts',
    ]);
  });

  it('defines each presenter once', () => {
    // A view function copied into a second file (a page, a handler, another presenter) is a
    // second home for what an audience sees.
    const homes = new Map<string, string[]>();
    for (const f of files) {
      for (const [, name] of f.text.matchAll(/export function (\w+View)\b/g)) {
        homes.set(name!, [...(homes.get(name!) ?? []), f.path.replaceAll('\\', '/')]);
      }
    }
    expect(homes.get('boardView')).toEqual(['server/use-cases/orders/present-board.ts']);
    expect(homes.get('driverStopView')).toEqual(['server/use-cases/driver/present-driver.ts']);
    expect(homes.get('priceApprovalView')).toEqual([
      'server/use-cases/approvals/present-approval.ts',
    ]);
    expect([...homes].filter(([, paths]) => paths.length > 1)).toEqual([]);
  });

  it('applies rate limits in one layer: the use-cases (decision 013)', () => {
    // auth/rate-limit.ts holds the rules and the counters; only use-cases apply them, so no
    // handler, page or auth helper limits on its own.
    const appliers = holding(/from '[^']*auth\/rate-limit'/);
    expect(appliers.length).toBeGreaterThan(5);
    expect(appliers.filter((path) => !path.startsWith('server/use-cases/'))).toEqual([]);
  });

  it('keeps use-case folders free of cycles (admin and payments never import each other)', () => {
    const dirOf = (path: string) => /^server\/use-cases\/([^/]+)\//.exec(path)?.[1];
    const edges = new Map<string, Set<string>>();
    for (const f of files) {
      const from = dirOf(f.path.replaceAll('\\', '/'));
      if (!from) continue;
      for (const [, to] of f.text.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const reaches = (a: string, b: string, seen = new Set<string>()): boolean =>
      [...(edges.get(a) ?? [])].some(
        (next) => next === b || (!seen.has(next) && (seen.add(next), reaches(next, b, seen))),
      );
    const cycles = [...edges.keys()].filter((dir) => reaches(dir, dir));
    expect(cycles).toEqual([]);
    expect(edges.get('admin')?.has('payments') ?? false).toBe(false);
    expect(edges.get('payments')?.has('admin') ?? false).toBe(false);
  });
});
