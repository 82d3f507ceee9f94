import { Module } from '@nestjs/common';
import { ErasureTraces, ErasureVacuum } from '@kcf/server-kit';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { ConsentsModule } from '../consents/consents.module';
import { DocumentsModule } from '../documents/documents.module';
import { GiftsModule } from '../gifts/gifts.module';
import { RecordsModule } from '../records/records.module';
import { SpecialNeedsModule } from '../special-needs/special-needs.module';
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

/** A child's data requests: erasure (this domain's part and the coordination of the others'), export, the retention review. */
@Module({
  // The export reads every record of the child.
  imports: [ChildGuardModule, ConsentsModule, RecordsModule, SpecialNeedsModule, DocumentsModule, GiftsModule],
  // The retention review's routes come before `GET :id` of DataRequestsController.
  controllers: [RetentionReviewController, DataRequestsController],
  providers: [
    DataRequestsRepository,
    ChildErasureRepository,
    ErasureTraces,
    ErasureVacuum,
    DataRequestsService,
    ErasedObjectsJob,
    RetentionReviewRepository,
    RetentionReviewService,
    ForgottenExportChildren,
    ...DATA_EXPORT_PROVIDERS,
    ChildErasureConsumer,
    ErasureProgressConsumer,
  ],
})
export class DataRequestsModule {}
