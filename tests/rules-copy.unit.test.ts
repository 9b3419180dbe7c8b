import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Each rule's number lives in one file, and the copy that states the rule is written from it
 * (shared/price-rules.ts, shared/quiet-hours.ts, shared/intake-report.ts), so changing a rule
 * changes what every page, e-mail and API description says. This scan reads the strings of
 * app/, server/ and shared/ (string and template literals, JSX text; tests and comments are not
 * copy) and fails when a rule's number is typed into one again.
 */
const root = join(import.meta.dirname, '..');

type Source = { path: string; text: string };

function sources(dir: string): Source[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    return [{ path, text: readFileSync(join(root, path), 'utf8') }];
  });
}

const parsed = new WeakMap<Source, string[]>();

/** The text of every string in a module: literals, the pieces of templates, JSX text. */
export function stringsOf(source: Source): string[] {
  const known = parsed.get(source);
  if (known) return known;
  const file = ts.createSourceFile(
    source.path,
    source.text,
    ts.ScriptTarget.Latest,
    false,
    source.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  parsed.set(source, found);
  return found;
}

type Rule = {
  what: string;
  pattern: RegExp;
  /** The file that defines the rule: the one place its number may be written. */
  home: string;
  /** Other files allowed to write it, each with its reason. */
  allowed?: { path: string; why: string }[];
};

export const rules: Rule[] = [
  {
    what: 'the minimum order (MINIMUM_ORDER_PENCE)',
    pattern: /£25\b/,
    home: 'shared/money.ts',
  },
  {
    what: 'the not-sure price cap (NOT_SURE_CAP_PENCE)',
    pattern: /£40\b/,
    home: 'shared/estimate.ts',
  },
  {
    // "24 to 48 hours" is the cleaning time the marketing copy promises, not a rule in code.
    what: 'the case window or the delivery claim window (shared/intake-report.ts)',
    pattern: /(?<!24 to )\b48 hours/,
    home: 'shared/intake-report.ts',
  },
  {
    // A string that is only a time ('08:00') is a value (opening hours), not copy.
    what: 'the quiet hours of texts (QUIET_FROM_HOUR, QUIET_UNTIL_HOUR)',
    pattern: /^(?!\d\d:\d\d$)[\s\S]*\b(21|08):00\b/,
    home: 'shared/quiet-hours.ts',
    allowed: [
      {
        path: 'shared/api/admin/slots.ts',
        why: "the slot hours' format example ('Use a time like 08:00.')",
      },
    ],
  },
  {
    // Issue 33: the app's offer is the brand's appDiscountPercent, written by shared/app-offer.ts.
    what: "the app's first-order percentage (brand appDiscountPercent)",
    pattern: /\b30 ?%/,
    home: 'shared/app-offer.ts',
    allowed: [
      {
        path: 'server/db/seed/promo-codes.ts',
        why: "the seeded APP30 code's own row (a promo code's data, not the app's offer)",
      },
      { path: 'shared/api/checkout.ts', why: "examples of a percentage code's offer" },
    ],
  },
  {
    what: 'the London time zone (LONDON_ZONE)',
    pattern: /Europe\/London/,
    home: 'shared/london-zone.ts',
  },
];

/** "path: string" for each string that writes a rule's number outside the rule's home. */
export function typedCopies(files: Source[], rule: Rule): string[] {
  return files
    .filter((f) => f.path !== rule.home && !rule.allowed?.some((a) => f.path.startsWith(a.path)))
    .flatMap((f) =>
      stringsOf(f)
        .filter((s) => rule.pattern.test(s))
        .map((s) => `${f.path}: ${s.trim()}`),
    );
}

const files = ['app', 'server', 'shared'].flatMap(sources);

describe("the rules' copy is written from the rules", () => {
  for (const rule of rules) {
    // Reading every module's strings takes seconds on a busy machine.
    it(`no string types ${rule.what} outside ${rule.home}`, { timeout: 60_000 }, () => {
      expect(typedCopies(files, rule)).toEqual([]);
    });
  }

  it('each exclusion still excludes something (else it goes)', { timeout: 60_000 }, () => {
    for (const rule of rules) {
      for (const allowed of rule.allowed ?? []) {
        const there = files.filter((f) => f.path.startsWith(allowed.path));
        expect(
          there.some((f) => stringsOf(f).some((s) => rule.pattern.test(s))),
          `${allowed.path} (${allowed.why})`,
        ).toBe(true);
      }
    }
  });

  it('catches a planted copy, in a string, a template or JSX text', () => {
    const planted: [string, string][] = [
      ['app/routes/planted.tsx', 'export const P = () => <p>Minimum order £25.</p>;\n'],
      ['server/planted.ts', 'export const s = `Reply within 48 hours, ${name}.`;\n'],
      ['shared/planted.ts', "export const s = 'No texts between 21:00 and 08:00';\n"],
      ['app/planted.ts', "export const cap = { description: 'the not-sure cap (£40)' };\n"],
      ['server/planted.ts', "export const zone = 'Europe/London';\n"],
    ];
    for (const [path, text] of planted) {
      const found = rules.flatMap((rule) => typedCopies([{ path, text }], rule));
      expect(found, text).toHaveLength(1);
    }
  });

  it('reads neither comments, nor times as values, nor the cleaning time', () => {
    const text = [
      '// The £25 minimum, 48 hours, 21:00 to 08:00, Europe/London.',
      "export const opensAt = '08:00';",
      "export const promise = 'Cleaned in 24 to 48 hours';",
      '',
    ].join('\n');
    expect(rules.flatMap((rule) => typedCopies([{ path: 'app/x.ts', text }], rule))).toEqual([]);
  });
});
