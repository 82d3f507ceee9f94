import { Module, type DynamicModule } from '@nestjs/common';
import {
  CLOCK,
  serviceModules,
  StorageModule,
  systemClock,
  type Clock,
  type InProcessEventBus,
} from '@kcf/server-kit';
import { BeneficiariesController } from './beneficiaries/beneficiaries.controller';
import { BeneficiariesRepository } from './beneficiaries/beneficiaries.repository';
import { BeneficiariesService } from './beneficiaries/beneficiaries.service';
import { BeneficiaryExportRepository } from './beneficiaries/beneficiary-export.repository';
import { BeneficiaryExportService } from './beneficiaries/beneficiary-export.service';
import { BeneficiaryImportRepository } from './beneficiaries/beneficiary-import.repository';
import { BeneficiaryImportService } from './beneficiaries/beneficiary-import.service';
import { BeneficiaryListRepository } from './beneficiaries/beneficiary-list.repository';
import { BeneficiaryPhotosRepository } from './beneficiaries/beneficiary-photos.repository';
import { BirthCertificatesController } from './beneficiaries/birth-certificates.controller';
import { ChildGuard } from './beneficiaries/child-guard.service';
import { PhotosController } from './beneficiaries/photos.controller';
import { PhotosService } from './beneficiaries/photos.service';
import { ConsentGate } from './consents/consent-gate.service';
import { ConsentsController } from './consents/consents.controller';
import { ConsentOverviewRepository } from './consents/consent-overview.repository';
import { ConsentsRepository } from './consents/consents.repository';
import { ConsentsService } from './consents/consents.service';
import { PhotoConsentGraceJob } from './consents/photo-consent-grace.job';
import { BENEFICIARIES_CONFIG, BENEFICIARIES_DB, type BeneficiariesConfig } from './config';
import { DATA_REQUEST_CONSUMERS, DATA_REQUEST_CONTROLLERS, DATA_REQUEST_PROVIDERS } from './data-requests';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsRepository } from './documents/documents.repository';
import { DocumentsService } from './documents/documents.service';
import { StoredFiles } from './files/stored-files.service';
import { GiftsController } from './gifts/gifts.controller';
import { GiftsRepository } from './gifts/gifts.repository';
import { GiftsService } from './gifts/gifts.service';
import { BeneficiariesInit1764100000000 } from './migrations/1764100000000-beneficiaries-init';
import { PhotoThumbnails1764200000000 } from './migrations/1764200000000-photo-thumbnails';
import { ListVersion1764300000000 } from './migrations/1764300000000-list-version';
import { ListCoveringIndexes1764400000000 } from './migrations/1764400000000-list-covering-indexes';
import { GiftPhotoCards1764500000000 } from './migrations/1764500000000-gift-photo-cards';
import { BeneficiaryApiJson1764600000000 } from './migrations/1764600000000-beneficiary-api-json';
import { CleanDocumentNames1797100000000 } from './migrations/1797100000000-clean-document-names';
import { Consents1797200000000 } from './migrations/1797200000000-consents';
import { ConsentListFilter1797500000000 } from './migrations/1797500000000-consent-list-filter';
import { DataRequests1797400000000 } from './migrations/1797400000000-data-requests';
import { DataExport1797700000000 } from './migrations/1797700000000-data-export';
import { RetentionKeeps1797600000000 } from './migrations/1797600000000-retention-keeps';
import { GiftListIndexes1797800000000 } from './migrations/1797800000000-gift-list-indexes';
import { ChildSearchLookup1797900000000 } from './migrations/1797900000000-child-search-lookup';
import { GiftListVersion1798000000000 } from './migrations/1798000000000-gift-list-version';
import { GiftChildSearch1798100000000 } from './migrations/1798100000000-gift-child-search';
import { DataRequestAskerRole1798300000000 } from './migrations/1798300000000-data-request-asker-role';
import { ErasureTexts1798310000000 } from './migrations/1798310000000-erasure-texts';
import { DataRequestDisclosure1798500000000 } from './migrations/1798500000000-data-request-disclosure';
import { PhotosNeedConsent1798510000000 } from './migrations/1798510000000-photos-need-consent';
import { GuardianPhonesE1641798520000000 } from './migrations/1798520000000-guardian-phones-e164';
import { ChildRecordsController } from './records/child-records.controller';
import { ChildRecordsRepository } from './records/child-records.repository';
import { ChildRecordsService } from './records/child-records.service';
import { SpecialNeedsController } from './special-needs/special-needs.controller';
import { SpecialNeedsRepository } from './special-needs/special-needs.repository';
import { SpecialNeedsService } from './special-needs/special-needs.service';
import { InternalController } from './stats/internal.controller';
import { InternalService } from './stats/internal.service';
import { StatsRepository } from './stats/stats.repository';

/** Tables are read and written with SQL in the repositories (`*.repository.ts`); TypeORM runs the migrations and server-kit's outbox. */
export const BENEFICIARIES_MIGRATIONS = [
  BeneficiariesInit1764100000000,
  PhotoThumbnails1764200000000,
  ListVersion1764300000000,
  ListCoveringIndexes1764400000000,
  GiftPhotoCards1764500000000,
  BeneficiaryApiJson1764600000000,
  CleanDocumentNames1797100000000,
  Consents1797200000000,
  DataRequests1797400000000,
  ConsentListFilter1797500000000,
  RetentionKeeps1797600000000,
  DataExport1797700000000,
  GiftListIndexes1797800000000,
  ChildSearchLookup1797900000000,
  GiftListVersion1798000000000,
  GiftChildSearch1798100000000,
  DataRequestAskerRole1798300000000,
  ErasureTexts1798310000000,
  DataRequestDisclosure1798500000000,
  PhotosNeedConsent1798510000000,
  GuardianPhonesE1641798520000000,
];

@Module({})
export class BeneficiariesModule {
  static forRoot(config: BeneficiariesConfig, deps: { clock?: Clock; inProcessBus?: InProcessEventBus } = {}): DynamicModule {
    return {
      module: BeneficiariesModule,
      imports: [
        ...serviceModules({ name: BENEFICIARIES_DB, domain: 'beneficiaries', clock: deps.clock ?? systemClock, config, migrations: BENEFICIARIES_MIGRATIONS, consumers: DATA_REQUEST_CONSUMERS, inProcessBus: deps.inProcessBus }),
        StorageModule.forRoot('beneficiaries', config),
      ],
      // The export and import routes come before `:id` in BeneficiariesController.
      controllers: [
        BeneficiariesController,
        PhotosController,
        ConsentsController,
        ChildRecordsController,
        SpecialNeedsController,
        DocumentsController,
        GiftsController,
        BirthCertificatesController,
        InternalController,
        ...DATA_REQUEST_CONTROLLERS,
      ],
      providers: [
        { provide: BENEFICIARIES_CONFIG, useValue: config },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
        StoredFiles,
        BeneficiariesRepository,
        BeneficiaryListRepository,
        BeneficiaryExportRepository,
        BeneficiaryImportRepository,
        BeneficiaryPhotosRepository,
        ChildRecordsRepository,
        SpecialNeedsRepository,
        DocumentsRepository,
        GiftsRepository,
        StatsRepository,
        ConsentsRepository,
        ConsentOverviewRepository,
        ChildGuard,
        ConsentGate,
        ConsentsService,
        PhotoConsentGraceJob,
        BeneficiariesService,
        BeneficiaryExportService,
        BeneficiaryImportService,
        PhotosService,
        ChildRecordsService,
        SpecialNeedsService,
        DocumentsService,
        GiftsService,
        InternalService,
        ...DATA_REQUEST_PROVIDERS,
      ],
    };
  }
}
