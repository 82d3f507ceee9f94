import { resolve } from 'node:path';
import { z } from 'zod';
import { baseServiceConfigShape, configHelpers, parseConfig, type Env } from '@kcf/server-kit';

/** The repository root, whether this file runs from src/ (tests) or dist/ (node). */
const REPO_ROOT = resolve(__dirname, '..', '..');

const upstreamUrl = (name: string) =>
  z
    .string({ error: `${name} is required (that service's http:// address)` })
    .url({ message: `${name} must be an http(s) URL` })
    .refine((v) => /^https?:\/\//.test(v), { message: `${name} must be an http(s) URL` })
    .transform((v) => new URL(v).origin);

const optionalUpstreamUrl = (name: string) => upstreamUrl(name).optional();

/** `true`, `false`, a hop count or a list of addresses/subnets, as express's `trust proxy` setting takes it. */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | number | string => {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

const originList = z
  .string()
  .default('')
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'CSP_EXTRA_SCRIPT_SRC lists origins like https://cdn.example.org')));

export const gatewayConfigSchema = z.object({
  PORT: configHelpers.port(8080),
  HOST: z.string().default('0.0.0.0'),
  IDENTITY_URL: upstreamUrl('IDENTITY_URL'),
  BENEFICIARIES_URL: upstreamUrl('BENEFICIARIES_URL'),
  FINANCE_URL: upstreamUrl('FINANCE_URL'),
  INTERNAL_SECRET: baseServiceConfigShape.INTERNAL_SECRET,
  /** The public address (https => HSTS). Cross-origin checks compare against it when set. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'PUBLIC_URL must be an http(s) URL' })
    .optional(),
  /** The OpenID Connect issuer, when sign-in is delegated (allowed as a form target). */
  OIDC_ISSUER: z.string().url().optional(),
  SHELL_DIR: z.string().default(resolve(REPO_ROOT, 'shell', 'dist')),
  REMOTES_DIR_BENEFICIARIES: z.string().default(resolve(REPO_ROOT, 'mf-beneficiaries', 'dist')),
  REMOTES_DIR_FINANCE: z.string().default(resolve(REPO_ROOT, 'mf-finance', 'dist')),
  REMOTES_DIR_ADMIN: z.string().default(resolve(REPO_ROOT, 'mf-admin', 'dist')),
  /** When set, the remote is proxied from this static server instead of served from disk. */
  REMOTE_BENEFICIARIES_URL: optionalUpstreamUrl('REMOTE_BENEFICIARIES_URL'),
  REMOTE_FINANCE_URL: optionalUpstreamUrl('REMOTE_FINANCE_URL'),
  REMOTE_ADMIN_URL: optionalUpstreamUrl('REMOTE_ADMIN_URL'),
  /** Entry URL published in /remotes.json (e.g. a CDN); default /remotes/<name>/remoteEntry.js. */
  REMOTE_ENTRY_BENEFICIARIES: z.string().optional(),
  REMOTE_ENTRY_FINANCE: z.string().optional(),
  REMOTE_ENTRY_ADMIN: z.string().optional(),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SESSION_CACHE_SIZE: z.coerce.number().int().min(1).default(10_000),
  /** Longest wait for an upstream's response headers. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: baseServiceConfigShape.LOG_LEVEL,
  CSP_EXTRA_SCRIPT_SRC: originList,
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
/** What callers pass in (defaults not yet applied). */
export type GatewayConfigInput = z.input<typeof gatewayConfigSchema>;

export function parseGatewayConfig(env: Env = process.env): GatewayConfig {
  return parseConfig(gatewayConfigSchema, env);
}

export const REMOTE_NAMES = ['beneficiaries', 'finance', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RemoteSource {
  name: RemoteName;
  /** Served from this folder ... */
  dir: string;
  /** ... unless proxied from this origin. */
  upstream?: string;
  /** The entry URL published in the manifest. */
  entry: string;
}

export function remoteSources(config: GatewayConfig): RemoteSource[] {
  const pick = {
    beneficiaries: [config.REMOTES_DIR_BENEFICIARIES, config.REMOTE_BENEFICIARIES_URL, config.REMOTE_ENTRY_BENEFICIARIES],
    finance: [config.REMOTES_DIR_FINANCE, config.REMOTE_FINANCE_URL, config.REMOTE_ENTRY_FINANCE],
    admin: [config.REMOTES_DIR_ADMIN, config.REMOTE_ADMIN_URL, config.REMOTE_ENTRY_ADMIN],
  } as const;
  return REMOTE_NAMES.map((name) => {
    const [dir, upstream, entry] = pick[name];
    return { name, dir, upstream, entry: entry ?? `/remotes/${name}/remoteEntry.js` };
  });
}
