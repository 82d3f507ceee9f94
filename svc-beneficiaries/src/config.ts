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
});
export type BeneficiariesConfig = z.infer<typeof beneficiariesConfigSchema>;

export const parseBeneficiariesConfig = (env?: Env): BeneficiariesConfig => parseConfig(beneficiariesConfigSchema, env);

export const BENEFICIARIES_CONFIG = Symbol('BeneficiariesConfig');

/** The name of this service's TypeORM DataSource. */
export const BENEFICIARIES_DB = 'beneficiaries';
