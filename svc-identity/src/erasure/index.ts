import { IdentityErasureConsumer } from './identity-erasure.consumer';

/** A child's erasure, identity's part: its module, and its consumer for server-kit's messaging module. */
export { ErasureModule } from './erasure.module';
export const ERASURE_CONSUMERS = [IdentityErasureConsumer];
