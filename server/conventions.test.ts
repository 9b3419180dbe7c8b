import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The calling convention of use-cases (docs/decisions/020) and where money is formatted,
 * checked by reading the sources: a use-case takes (deps: Pick<AppServices, …>, input) and
 * reads the clock from deps.now(); handlers and pages pass `services` through and never
 * assemble a deps object; only presenters and the e-mail builders of use-cases format money.
 * Each check is a function of the sources, so the test below can plant a violation in a copy.
 */
const root = join(import.meta.dirname, '..');

type Source = { path: string; text: string };

function sources(dir: string): Source[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    return [{ path: path.replaceAll('\\', '/'), text: readFileSync(join(root, path), 'utf8') }];
  });
}

/** The parameter list of each exported async function: `name(params)`. */
function exportedAsyncFunctions(text: string): { name: string; params: string }[] {
  const found: { name: string; params: string }[] = [];
  for (const match of text.matchAll(/export async function (\w+)(?:<[^>]*>)?\(/g)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < text.length && depth > 0; i += 1) {
      if (text[i] === '(') depth += 1;
      else if (text[i] === ')') depth -= 1;
    }
    found.push({ name: match[1]!, params: text.slice(start, i - 1) });
  }
  return found;
}

/** Use-cases (exported async functions of server/use-cases) that take a `now` parameter. */
export function clockParameters(useCases: Source[]): string[] {
  return useCases.flatMap((f) =>
    exportedAsyncFunctions(f.text)
      .filter((fn) => /(^|[,(]\s*)now\??\s*:\s*Date\b/.test(fn.params.trim()))
      .map((fn) => `${f.path}: ${fn.name}`),
  );
}

/**
 * Calls from handlers and pages whose first argument is not `services` (the content reads of
 * the read model take `services.content`), and deps objects assembled there.
 */
export function handBuiltDeps(useCases: Source[], callers: Source[]): string[] {
  const names = new Set(
    useCases.flatMap((f) => exportedAsyncFunctions(f.text).map((fn) => fn.name)),
  );
  for (const f of useCases) {
    for (const [, name] of f.text.matchAll(/export function (\w+)\(source: ContentSource/g)) {
      names.add(name!);
    }
  }
  const problems: string[] = [];
  for (const f of callers) {
    // Names this file imports from a use-case, or from a page facade (app/server/*.server.ts).
    const imported = new Set(
      [...f.text.matchAll(/import \{([^}]*)\} from '[^']*(?:use-cases\/|\.server)[^']*'/g)].flatMap(
        ([, list]) =>
          list!.split(',').map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          ),
      ),
    );
    for (const match of f.text.matchAll(/(?<![\w.])(\w+)\(\s*([^,)]*)/g)) {
      const [, name, first] = match;
      if (!names.has(name!) || !imported.has(name!)) continue;
      if (!/^(context\.)?services(\.content)?$/.test(first!.trim())) {
        problems.push(`${f.path}: ${name}(${first!.trim()}, …)`);
      }
    }
    for (const [declared] of f.text.matchAll(
      /\b(?:const|let)\s+\w*[dD]eps\w*\s*(?::[^=]+)?=\s*\{/g,
    )) {
      problems.push(`${f.path}: ${declared}`);
    }
  }
  return problems;
}

/**
 * Files of server/use-cases that format money, other than presenters, mail builders and the
 * text builders of issue 17 (use-cases/messages/text-templates.ts, the texts' mail builders)
 * and their push notifications' twin (push-templates.ts, issue 33).
 */
export function moneyFormatters(useCases: Source[]): string[] {
  return useCases
    .filter(
      (f) =>
        !/\/present-[\w-]+\.ts$/.test(f.path) &&
        !f.path.includes('/use-cases/mail/') &&
        !f.path.endsWith('/use-cases/messages/text-templates.ts') &&
        !f.path.endsWith('/use-cases/messages/push-templates.ts'),
    )
    .filter((f) =>
      /formatPence|formatGbp|toFixed\(|toLocaleString\(|Intl\.NumberFormat|£\$\{/.test(f.text),
    )
    .map((f) => f.path);
}

const useCases = sources('server/use-cases');
const callers = [...sources('server/http'), ...sources('app')];

describe('the calling convention of use-cases (decision 020)', () => {
  it('reads the clock from deps.now(): no use-case takes a now parameter', () => {
    expect(clockParameters(useCases)).toEqual([]);
  });

  it('is called with services by handlers and pages, which build no deps objects', () => {
    expect(handBuiltDeps(useCases, callers)).toEqual([]);
  });

  it('catches a planted violation of each rule', () => {
    const planted = {
      path: 'server/use-cases/orders/planted.ts',
      text: 'export async function plantedVerb(db: Database, id: string, now: Date) {}\n',
    };
    expect(clockParameters([...useCases, planted])).toEqual([
      'server/use-cases/orders/planted.ts: plantedVerb',
    ]);
    const handler = {
      path: 'server/http/api/planted.ts',
      text: [
        "import { listStaff, moveOrder, priceList } from '../../use-cases/planted';",
        'const deps = { db: services.db, brand: services.config.brand };',
        'await moveOrder(deps, { orderId });',
        'await listStaff(services.db);',
        'await listStaff(services);',
        'await priceList(services.content);',
      ].join('\n'),
    };
    expect(handBuiltDeps(useCases, [handler])).toEqual([
      'server/http/api/planted.ts: moveOrder(deps, …)',
      'server/http/api/planted.ts: listStaff(services.db, …)',
      'server/http/api/planted.ts: const deps = {',
    ]);
  });
});

describe('money in use-cases', () => {
  it('is formatted only by presenters and the e-mail builders', () => {
    expect(moneyFormatters(useCases)).toEqual([]);
    const planted = {
      path: 'server/use-cases/payments/planted.ts',
      text: "import { formatGbp } from '@shared/money';\nexport const m = formatGbp(100);\n",
    };
    expect(moneyFormatters([planted])).toEqual(['server/use-cases/payments/planted.ts']);
  });
});
