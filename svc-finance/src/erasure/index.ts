import { ErasureTraces, ErasureVacuum } from '@kcf/server-kit';
import { ErasedReceiptsJob } from './erased-receipts.job';
import { FinanceErasureConsumer } from './finance-erasure.consumer';
import { FinanceErasureRepository } from './finance-erasure.repository';

/** A child's erasure, finance's part: what FinanceModule registers. */
export const ERASURE_CONSUMERS = [FinanceErasureConsumer];
export const ERASURE_REPOSITORIES = [FinanceErasureRepository, ErasureTraces, ErasureVacuum];
export const ERASURE_JOBS = [ErasedReceiptsJob];
