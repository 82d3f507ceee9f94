import { z } from 'zod';
import { baseServiceConfigShape, configHelpers, parseConfig, storageConfigShape, type Env } from '@kcf/server-kit';

export const beneficiariesConfigSchema = z.object({
  ...baseServiceConfigShape,
  ...storageConfigShape,
  PORT: configHelpers.port(3002),
  /** Days a child's stored photo is kept after photo consent (photos_internal) is withdrawn, in case it is given again. */
  PHOTO_CONSENT_GRACE_DAYS: z.coerce.number().int().min(0).default(30),
  /** Days after a data request (an erasure) by which it is due. */
  DATA_REQUEST_DUE_DAYS: z.coerce.number().int().min(1).default(14),
  /** svc-finance, for the expenses linked to a child in the export of its data. */
  FINANCE_URL: z.string().url().default('http://127.0.0.1:3003'),
  /** svc-identity, for the audit entries about a child in the export of its data. */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:3001'),
  /** Years without a change after which an inactive child is listed in the retention review. */
  RETENTION_INACTIVE_YEARS: z.coerce.number().int().min(1).default(5),
});
export type BeneficiariesConfig = z.infer<typeof beneficiariesConfigSchema>;

export const parseBeneficiariesConfig = (env?: Env): BeneficiariesConfig => parseConfig(beneficiariesConfigSchema, env);

export const BENEFICIARIES_CONFIG = Symbol('BeneficiariesConfig');

/** The service's short name in serviceModules (its database pool's logs, its durable consumers' prefix). */
export const BENEFICIARIES_DB = 'beneficiaries';
