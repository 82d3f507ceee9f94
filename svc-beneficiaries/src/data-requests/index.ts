import { ErasureTraces, ErasureVacuum } from '@kcf/server-kit';
import { ChildErasureConsumer } from './child-erasure.consumer';
import { ChildErasureRepository } from './child-erasure.repository';
import { DATA_EXPORT_PROVIDERS } from './data-export.providers';
import { DataRequestsController } from './data-requests.controller';
import { DataRequestsRepository } from './data-requests.repository';
import { DataRequestsService } from './data-requests.service';
import { ErasedObjectsJob } from './erased-objects.job';
import { ErasureProgressConsumer } from './erasure-progress.consumer';
import { ForgottenExportChildren } from './forgotten-export-children.startup';
import { RetentionReviewController } from './retention-review.controller';
import { RetentionReviewRepository } from './retention-review.repository';
import { RetentionReviewService } from './retention-review.service';

/** A child's data requests (erasure, export): what BeneficiariesModule registers. */
// The retention review's routes come before `GET :id` of DataRequestsController.
export const DATA_REQUEST_CONTROLLERS = [RetentionReviewController, DataRequestsController];
export const DATA_REQUEST_CONSUMERS = [ChildErasureConsumer, ErasureProgressConsumer];
export const DATA_REQUEST_PROVIDERS = [DataRequestsRepository, ChildErasureRepository, ErasureTraces, ErasureVacuum, DataRequestsService, ErasedObjectsJob, RetentionReviewRepository, RetentionReviewService, ForgottenExportChildren, ...DATA_EXPORT_PROVIDERS, ...DATA_REQUEST_CONSUMERS];
