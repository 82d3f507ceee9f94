import helmet from 'helmet';

export interface SecurityHeaderOptions {
  publicUrl?: string;
  /** Origins that may serve scripts, styles and data besides ours (remote entries on a CDN). */
  extraOrigins: string[];
  /** OpenID Connect issuer: the sign-in form may post there. */
  oidcIssuerUrl?: string;
  /** Inline stylesheets allowed by hash (the prerendered landing page's), e.g. `'sha256-…'`. */
  styleSources?: string[];
}

/**
 * The Content-Security-Policy directives: no inline script anywhere, no inline style but the ones named by
 * hash, our origin plus configured ones.
 */
export function cspDirectives(options: SecurityHeaderOptions): Record<string, string[]> {
  const extra = options.extraOrigins;
  const formAction = ["'self'"];
  if (options.oidcIssuerUrl) formAction.push(new URL(options.oidcIssuerUrl).origin);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...extra, ...(options.styleSources ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', ...extra],
    'font-src': ["'self'", 'data:', ...extra],
    'connect-src': ["'self'", ...extra],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': formAction,
  };
  if (isHttps(options.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

function isHttps(url: string | undefined): boolean {
  return !!url && new URL(url).protocol === 'https:';
}

/** helmet with the gateway's policy: CSP as above, HSTS only behind https, same-origin referrers. */
export function securityHeaders(options: SecurityHeaderOptions) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: isHttps(options.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
  });
}
