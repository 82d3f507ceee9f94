import { join, resolve } from 'node:path';
import { z } from 'zod';
import { FILE_RULES } from '@kcf/contracts';
import { baseServiceConfigShape, configHelpers, parseConfig, type Env } from '@kcf/server-kit/http';

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
  .pipe(
    z.array(
      z.string().regex(/^https?:\/\/[^/\s]+$/, 'CSP_EXTRA_SCRIPT_SRC lists origins like https://cdn.example.org'),
    ),
  );

const remoteVersion = z
  .string()
  .regex(/^\d+\.\d+(\.\d+)?$/, 'A remote version is major.minor or major.minor.patch, e.g. 1.4.0');

const MiB = 1024 * 1024;
/** The largest upload the product accepts (a document or a receipt), plus room for the multipart framing and fields. */
export const DEFAULT_DRAIN_MAX_BYTES = Math.max(...Object.values(FILE_RULES).map((rule) => rule.maxBytes)) + 2 * MiB;

const milliseconds = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

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
  /** Version published in /remotes.json (the shell refuses another major); default the remote's package.json version. */
  REMOTE_VERSION_BENEFICIARIES: remoteVersion.optional(),
  REMOTE_VERSION_FINANCE: remoteVersion.optional(),
  REMOTE_VERSION_ADMIN: remoteVersion.optional(),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SESSION_CACHE_SIZE: z.coerce.number().int().min(1).default(10_000),
  /** Where identity's session notices come from; absent (and no in-process channel): no session cache at all. */
  NATS_URL: baseServiceConfigShape.NATS_URL,
  NATS_SUBJECT_PREFIX: baseServiceConfigShape.NATS_SUBJECT_PREFIX,
  /** Longest wait for an upstream's response headers. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Connections to each service (identity's sign-in routes have their own, SIGN_IN_CONNECTIONS). */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
  /** Connections to identity reserved for /api/login*, /api/logout*, /api/auth/*. */
  SIGN_IN_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(16),
  /** Longest wait for a free connection to a service before answering 503. */
  UPSTREAM_QUEUE_TIMEOUT_MS: milliseconds(0, 5000),
  /** A client must send its request headers within this time (else 408). */
  CLIENT_HEADERS_TIMEOUT_MS: milliseconds(100, 15_000),
  /** Time every request body gets, on top of what its size needs at CLIENT_BODY_MIN_RATE. */
  CLIENT_BODY_TIMEOUT_MS: milliseconds(100, 10_000),
  /** Slowest accepted upload rate, bytes per second (64 KiB/s: a third of a 1.44 Mbit/s phone line). */
  CLIENT_BODY_MIN_RATE: z.coerce
    .number()
    .int()
    .min(1)
    .default(64 * 1024),
  /** No request body may take longer than this (bodies without a length get exactly this). */
  CLIENT_BODY_TIMEOUT_MAX_MS: milliseconds(100, 180_000),
  /** Bodies up to this size are received whole before a connection to the service is taken. */
  BODY_BUFFER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(16 * MiB)
    .default(64 * 1024),
  /** After an early answer, at most this much of the rest of a body is read to keep the connection. */
  BODY_DRAIN_MAX_BYTES: z.coerce.number().int().min(0).default(DEFAULT_DRAIN_MAX_BYTES),
  /** On SIGTERM or close(), longest wait for the requests in flight. */
  SHUTDOWN_GRACE_MS: milliseconds(0, 20_000),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: baseServiceConfigShape.LOG_LEVEL,
  METRICS_PORT: baseServiceConfigShape.METRICS_PORT,
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
  /** The file behind the default entry when it is served from disk: its content version goes into the URL. */
  entryFile?: string;
  /** The version published in the manifest when set (else read beside `dir`: static/remotes.ts). */
  version?: string;
}

export function remoteSources(config: GatewayConfig): RemoteSource[] {
  const pick = {
    beneficiaries: [
      config.REMOTES_DIR_BENEFICIARIES,
      config.REMOTE_BENEFICIARIES_URL,
      config.REMOTE_ENTRY_BENEFICIARIES,
      config.REMOTE_VERSION_BENEFICIARIES,
    ],
    finance: [
      config.REMOTES_DIR_FINANCE,
      config.REMOTE_FINANCE_URL,
      config.REMOTE_ENTRY_FINANCE,
      config.REMOTE_VERSION_FINANCE,
    ],
    admin: [config.REMOTES_DIR_ADMIN, config.REMOTE_ADMIN_URL, config.REMOTE_ENTRY_ADMIN, config.REMOTE_VERSION_ADMIN],
  } as const;
  return REMOTE_NAMES.map((name) => {
    const [dir, upstream, entry, version] = pick[name];
    const entryFile = entry || upstream ? undefined : join(dir, 'remoteEntry.js');
    return {
      name,
      dir,
      upstream,
      entry: entry ?? `/remotes/${name}/remoteEntry.js`,
      ...(entryFile ? { entryFile } : {}),
      ...(version ? { version } : {}),
    };
  });
}
