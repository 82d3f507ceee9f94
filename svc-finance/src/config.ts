import { z } from 'zod';
import { baseServiceConfigShape, configHelpers, parseConfig, storageConfigShape, type Env } from '@kcf/server-kit';

export const financeConfigSchema = z.object({
  ...baseServiceConfigShape,
  ...storageConfigShape,
  PORT: configHelpers.port(3003),
  /** svc-beneficiaries, to check that an expense names a child that exists. */
  BENEFICIARIES_URL: z.string().url().default('http://127.0.0.1:3002'),
  /** svc-identity, to name the user who asked for a budget report ("generatedBy"). */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:3001'),
});
export type FinanceConfig = z.infer<typeof financeConfigSchema>;

export const parseFinanceConfig = (env?: Env): FinanceConfig => parseConfig(financeConfigSchema, env);

export const FINANCE_CONFIG = Symbol('FinanceConfig');

/** The service's short name in serviceModules (its database pool's logs, its durable consumers' prefix). */
export const FINANCE_DB = 'finance';
