import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isSharedPageHandle } from '@shared/shared-page';

/** How many paths' answers are kept (a few hundred kB at most). */
const REMEMBERED_PATHS = 5_000;

type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
};

/**
 * Whether the page at a path is a shared page: its deepest matching route declares
 * `handle.sharedPage` (shared/shared-page.ts). Read from the build's route list, before
 * anything is rendered, so a shared page is never rendered with a visitor's cookies.
 */
export function sharedPathMatcher(build: ServerBuild): (pathname: string) => boolean {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  // Every page request asks (the account's as well as the price list's), and matching the
  // route list costs about a millisecond of CPU: paths are remembered either way, the oldest
  // forgotten first once there are many (a crawler's made-up paths cost one match each).
  const known = new Map<string, boolean>();
  return (pathname) => {
    let shared = known.get(pathname);
    if (shared === undefined) {
      // A client navigation's data request is its page's: /account.data is /account (not a
      // landing page called "account.data"), /_root.data is /.
      const page = pagePathOf(pathname);
      const id = matchRoutes(roots as RouteObject[], page, build.basename)?.at(-1)?.route.id;
      shared = id ? isSharedPageHandle(build.routes[id]?.module.handle) : false;
      if (known.size >= REMEMBERED_PATHS) known.delete(known.keys().next().value!);
      known.set(pathname, shared);
    }
    return shared;
  };
}

/** The page a path asks for: a data request's (`/x.data`, `/_root.data`) or the path itself. */
export function pagePathOf(pathname: string): string {
  const path = pathname.split('?')[0] ?? pathname;
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}
