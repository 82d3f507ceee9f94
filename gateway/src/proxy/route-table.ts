import { FILE_RULES, type FileKind } from '@kcf/contracts';

/** Where a public request goes: a domain service, the gateway's own routes, or nowhere. */
export type UpstreamName = 'identity' | 'beneficiaries' | 'finance';

/**
 * The connection pool a request uses: one per service, plus `signIn`, identity's sign-in routes
 * (`/api/login*`, `/api/logout*`, `/api/auth/*`) with connections of their own, so uploads or slow
 * requests elsewhere in identity can never keep anyone from signing in.
 */
export type PoolName = UpstreamName | 'signIn';

export type RouteDecision =
  | { kind: 'upstream'; upstream: UpstreamName; pool: PoolName; forwardsSession: boolean; endsSession: boolean }
  /** Handled by the gateway itself (dashboard, audit log, health, static files). */
  | { kind: 'gateway' }
  | { kind: 'notFound' };

interface PrefixRule {
  prefix: string;
  upstream: UpstreamName;
}

/** Paths a service owns; a prefix matches itself and anything below it (`/api/users`, `/api/users/7`). */
const PREFIX_RULES: PrefixRule[] = [
  { prefix: '/api/auth', upstream: 'identity' },
  { prefix: '/api/users', upstream: 'identity' },
  { prefix: '/api/admin', upstream: 'identity' },
  { prefix: '/api/login', upstream: 'identity' },
  { prefix: '/api/logout', upstream: 'identity' },
  { prefix: '/api/beneficiaries', upstream: 'beneficiaries' },
  { prefix: '/api/gifts', upstream: 'beneficiaries' },
  { prefix: '/api/documents', upstream: 'beneficiaries' },
  { prefix: '/api/special-needs', upstream: 'beneficiaries' },
  { prefix: '/api/data-requests', upstream: 'beneficiaries' },
  { prefix: '/uploads', upstream: 'beneficiaries' },
  { prefix: '/download', upstream: 'beneficiaries' },
  { prefix: '/api/income', upstream: 'finance' },
  { prefix: '/api/expenses', upstream: 'finance' },
  { prefix: '/api/transactions', upstream: 'finance' },
  { prefix: '/api/budgets', upstream: 'finance' },
  { prefix: '/api/reports', upstream: 'finance' },
];

/** Routes the gateway answers itself under /api. */
const GATEWAY_API_PATHS = new Set([
  '/api/dashboard',
  '/api/dashboard/stats',
  '/api/audit',
  '/api/audit/verify',
  '/api/audit/export',
]);

function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47); /* '/' */
}

/** True when a path segment is `.`/`..` (also percent-encoded) or the path holds a backslash or NUL. */
export function isUnsafePath(path: string): boolean {
  if (path.includes('\\') || path.includes('\0') || /%(00|2f|5c)/i.test(path)) return true;
  for (const segment of path.split('/')) {
    if (segment === '' || segment.length > 6) continue;
    const decoded = segment.replace(/%2e/gi, '.');
    if (decoded === '.' || decoded === '..') return true;
  }
  return false;
}

/** Decides one request from its path (no query string). Pure; the proxy and its tests share it. */
export function routeFor(path: string): RouteDecision {
  if (isUnsafePath(path)) return { kind: 'notFound' };
  if (matchesPrefix(path, '/internal')) return { kind: 'notFound' };
  for (const rule of PREFIX_RULES) {
    if (matchesPrefix(path, rule.prefix)) {
      const signIn = matchesPrefix(path, '/api/login');
      const logout = matchesPrefix(path, '/api/logout');
      const signOut = logout || path === '/api/auth/change-password';
      const pool = signIn || logout || matchesPrefix(path, '/api/auth') ? 'signIn' : rule.upstream;
      return { kind: 'upstream', upstream: rule.upstream, pool, forwardsSession: !signIn, endsSession: signOut };
    }
  }
  if (matchesPrefix(path, '/api')) {
    return GATEWAY_API_PATHS.has(path) ? { kind: 'gateway' } : { kind: 'notFound' };
  }
  return { kind: 'gateway' };
}

/** Room in an upload's body beside its file: the form's text fields and the multipart framing. */
export const FORM_ALLOWANCE_BYTES = 1024 * 1024;

/** The routes that take a multipart form, each with the kind of file it accepts (null: fields only). */
const FORM_ROUTES: { path: RegExp; file: FileKind | null }[] = [
  { path: /^\/api\/beneficiaries\/[^/]+\/photo$/, file: 'photo' },
  { path: /^\/api\/beneficiaries\/[^/]+\/documents$/, file: 'document' },
  { path: /^\/api\/beneficiaries(?:\/[^/]+)?$/, file: 'birthCertificate' },
  { path: /^\/api\/gifts(?:\/[^/]+)?$/, file: 'giftPhoto' },
  { path: /^\/api\/expenses(?:\/[^/]+)?$/, file: 'receipt' },
  { path: /^\/api\/income(?:\/[^/]+)?$/, file: null },
];

/**
 * The largest body a form route of the product accepts (its file's limit from the contracts' FILE_RULES,
 * plus FORM_ALLOWANCE_BYTES), or null for a path that takes no form. The gateway reads no more than this of
 * a body the service answered early: a client still sending beyond it is sending what the service refuses.
 */
export function largestBodyFor(path: string): number | null {
  for (const route of FORM_ROUTES) {
    if (route.path.test(path)) return (route.file ? FILE_RULES[route.file].maxBytes : 0) + FORM_ALLOWANCE_BYTES;
  }
  return null;
}
