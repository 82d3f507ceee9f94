import { z } from 'zod';
import { baseServiceConfigShape, configHelpers, parseConfig, type Env } from '@kcf/server-kit';

const minutes = (fallback: number) => z.coerce.number().positive().default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const identityConfigSchema = z
  .object({
    ...baseServiceConfigShape,
    PORT: configHelpers.port(3001),
    ADMIN_USERNAME: z.string().min(1).max(10).default('admin'),
    /** Absent on first start: a strong password is generated and printed once. */
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SESSION_IDLE_MINUTES: minutes(5),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
    /** Failed sign-ins for one username within LOGIN_WINDOW_MINUTES that lock it. */
    LOGIN_MAX_FAILURES: count(10),
    /** Failed sign-ins from one address (any username) within the window that lock the address. */
    LOGIN_MAX_FAILURES_PER_ADDRESS: count(50),
    LOGIN_WINDOW_MINUTES: minutes(15),
    /** How long a locked username or address is refused (429), even with the right password. */
    LOGIN_LOCKOUT_MINUTES: minutes(15),
    /** The public origin (https => Secure cookies; the OpenID Connect redirect URI is built from it). */
    PUBLIC_URL: z.string().url().optional(),
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** Scopes asked of the provider. */
    OIDC_SCOPES: z.string().default('openid profile email'),
    /** svc-beneficiaries, to check that the child a beneficiary user is linked to exists. */
    BENEFICIARIES_URL: z.string().url().default('http://127.0.0.1:3002'),
  })
  .superRefine((c, ctx) => {
    if (c.OIDC_ISSUER && (!c.OIDC_CLIENT_ID || !c.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      });
    }
  });
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const parseIdentityConfig = (env?: Env): IdentityConfig => parseConfig(identityConfigSchema, env);

export const IDENTITY_CONFIG = Symbol('IdentityConfig');

/** The service's short name in serviceModules (its database pool's logs, its durable consumers' prefix). */
export const IDENTITY_DB = 'identity';
