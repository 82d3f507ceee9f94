import { ChildErasureConsumer } from './child-erasure.consumer';
import { ChildErasureRepository } from './child-erasure.repository';
import { DataRequestsController } from './data-requests.controller';
import { DataRequestsRepository } from './data-requests.repository';
import { DataRequestsService } from './data-requests.service';
import { ErasedObjectsJob } from './erased-objects.job';
import { ErasureProgressConsumer } from './erasure-progress.consumer';

/** A child's data requests (erasure): what BeneficiariesModule registers. */
export const DATA_REQUEST_CONTROLLERS = [DataRequestsController];
export const DATA_REQUEST_CONSUMERS = [ChildErasureConsumer, ErasureProgressConsumer];
export const DATA_REQUEST_PROVIDERS = [DataRequestsRepository, ChildErasureRepository, DataRequestsService, ErasedObjectsJob, ...DATA_REQUEST_CONSUMERS];
