import { z } from 'zod';
import { baseServiceConfigShape, configHelpers, parseConfig, type Env } from '@kcf/server-kit';

export const identityConfigSchema = z.object({
  ...baseServiceConfigShape,
  PORT: configHelpers.port(3001),
  ADMIN_USERNAME: z.string().min(1).max(10).default('admin'),
  /** Absent on first start: a strong password is generated and printed once. */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(5),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** The public origin (https => Secure cookies). */
  PUBLIC_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const parseIdentityConfig = (env?: Env): IdentityConfig => parseConfig(identityConfigSchema, env);

export const IDENTITY_CONFIG = Symbol('IdentityConfig');

/** The name of this service's TypeORM DataSource. */
export const IDENTITY_DB = 'identity';
