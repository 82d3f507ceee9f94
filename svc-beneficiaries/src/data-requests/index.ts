import { ChildErasureConsumer } from './child-erasure.consumer';
import { ErasureProgressConsumer } from './erasure-progress.consumer';

/** A child's data requests (erasure, export): their module, and their consumers for server-kit's messaging module. */
export { DataRequestsModule } from './data-requests.module';
export const DATA_REQUEST_CONSUMERS = [ChildErasureConsumer, ErasureProgressConsumer];
