import { ErasureTraces } from '@kcf/server-kit';
import { FinanceErasureConsumer } from './finance-erasure.consumer';
import { FinanceErasureRepository } from './finance-erasure.repository';

/** A child's erasure, finance's part: what FinanceModule registers. */
export const ERASURE_CONSUMERS = [FinanceErasureConsumer];
export const ERASURE_REPOSITORIES = [FinanceErasureRepository, ErasureTraces];
