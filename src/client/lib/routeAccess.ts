import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * Which screen a path may show, by sign-in state: the route tables of product.md §2, kept as data
 * so the rules read exactly like the spec. Patterns are the router's own paths ('$param' for one path segment),
 * typed against the generated route tree: a table cannot name a page that does not exist, and a page added to
 * src/client/routes fails the type check until a table says who may see it (see EVERY_ROUTE_IS_LISTED).
 * One deliberate difference: the legal pages are in both tables (docs/decisions/008-legal-pages-in-every-state.md).
 */

/** A path of the app's route tree (routeTree.gen.ts), as links write it: '/portfolio/shared/$shareableLink'. */
export type AppPath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to'];

export const SIGNED_OUT_ROUTES = [
  '/',
  '/home',
  '/trading',
  '/landing',
  '/updates',
  '/auth',
  '/auth/reset',
  '/contact',
  '/stock-search',
  '/status',
  '/terms-of-service',
  '/privacy-policy',
  '/portfolio/shared/$shareableLink',
] as const satisfies readonly AppPath[];

export const SIGNED_IN_ROUTES = [
  '/',
  '/home',
  '/dashboard',
  '/trading',
  '/chat',
  '/landing',
  '/updates',
  '/account',
  '/settings',
  '/social',
  // Issue 30 §2: price alerts belong to an account.
  '/alerts',
  '/invoices',
  '/upgrade',
  '/contact',
  '/stock-search',
  '/status',
  '/checkout',
  '/payment/success',
  '/payment/cancel',
  '/portfolio',
  '/portfolio/shared/$shareableLink',
  // Issue 30: the user's own watchlists and the holdings' calendar.
  '/watchlists',
  '/calendar',
  // A reset link may be opened in a browser still signed in; using it signs every device out.
  '/auth/reset',
  // Not in the spec's signed-in table; reachable in every state (docs/decisions/008).
  '/terms-of-service',
  '/privacy-policy',
] as const satisfies readonly AppPath[];

/** Open to everyone, whatever the state. */
export const BANNED_ROUTE = '/banned' satisfies AppPath;

type Unlisted = Exclude<
  AppPath,
  (typeof SIGNED_OUT_ROUTES)[number] | (typeof SIGNED_IN_ROUTES)[number] | typeof BANNED_ROUTE
>;
/** Fails to compile, naming the page, when a route is in no table. */
export const EVERY_ROUTE_IS_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

/** The settings page sends signed-out visitors to /auth; other gated pages go through /api/login. */
const GATE_TARGETS: Partial<Record<AppPath, GateTarget>> = { '/settings': '/auth', '/account': '/auth' };

export type AuthState = 'loading' | 'signed-out' | 'signed-in' | 'banned';
/** What this browser was the last time the sign-in check answered (lib/sessionHint.ts); a guess, never a permission. */
export type SessionHint = 'signed-in' | 'signed-out';
export type GateTarget = '/auth' | '/api/login';

export type RouteAccess =
  | { kind: 'loading' }
  /** Render the route as usual. */
  | { kind: 'allow' }
  /** Signed out on an unknown path: the home screen shows at that address. */
  | { kind: 'home' }
  /** Signed in on an unknown path. */
  | { kind: 'not-found' }
  | { kind: 'banned' }
  /** Signed out on a signed-in page: toast, then leave for the sign-in target. */
  | { kind: 'gate'; target: GateTarget }
  /** Signed in on /auth: sent to / (product.md §2, auth page). */
  | { kind: 'redirect-home' };

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = normalizePath(pathname).split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith('$') ? got[i].length > 0 : segment === got[i]));
}

function inTable(table: readonly string[], pathname: string): boolean {
  return table.some((pattern) => matchesRoute(pattern, pathname));
}

/**
 * While the sign-in check is in flight, pages anyone may see render at once (their signed-in parts fill in when it
 * answers) and only signed-in pages wait. An unknown path shows what it most likely is going to be: the 404 page for a
 * browser that was signed in last time, the home screen otherwise; the answer corrects it either way.
 */
export function routeAccess(pathname: string, auth: AuthState, hint: SessionHint = 'signed-out'): RouteAccess {
  const path = normalizePath(pathname);
  if (path === BANNED_ROUTE) return { kind: 'allow' };
  switch (auth) {
    case 'loading':
      if (inTable(SIGNED_OUT_ROUTES, path)) return { kind: 'allow' };
      if (inTable(SIGNED_IN_ROUTES, path)) return { kind: 'loading' };
      return hint === 'signed-in' ? { kind: 'not-found' } : { kind: 'home' };
    case 'banned':
      return { kind: 'banned' };
    case 'signed-in':
      if (inTable(SIGNED_IN_ROUTES, path)) return { kind: 'allow' };
      if (path === '/auth') return { kind: 'redirect-home' };
      return { kind: 'not-found' };
    case 'signed-out':
      if (inTable(SIGNED_OUT_ROUTES, path)) return { kind: 'allow' };
      if (inTable(SIGNED_IN_ROUTES, path))
        return { kind: 'gate', target: GATE_TARGETS[path as AppPath] ?? '/api/login' };
      return { kind: 'home' };
  }
}
