import { ErasureTraces, ErasureVacuum } from '@kcf/server-kit';
import { IdentityErasureConsumer } from './identity-erasure.consumer';
import { IdentityErasureRepository } from './identity-erasure.repository';

/** A child's erasure, identity's part: what IdentityModule registers. */
export const ERASURE_CONSUMERS = [IdentityErasureConsumer];
export const ERASURE_PROVIDERS = [IdentityErasureRepository, ErasureTraces, ErasureVacuum, ...ERASURE_CONSUMERS];
