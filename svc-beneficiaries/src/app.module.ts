import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModules, StorageModule, systemClock } from '@kcf/server-kit';
import { AuditNamesModule } from './audit/audit-names.module';
import { ChildrenModule } from './beneficiaries/children.module';
import { PhotosModule } from './beneficiaries/photos.module';
import { BENEFICIARIES_DB, type BeneficiariesConfig } from './config';
import { ConsentsModule } from './consents/consents.module';
import { CoreModule, type BeneficiariesDeps } from './core.module';
import { DATA_REQUEST_CONSUMERS, DataRequestsModule } from './data-requests';
import { DocumentsModule } from './documents/documents.module';
import { GiftsModule } from './gifts/gifts.module';
import { BENEFICIARIES_MIGRATIONS } from './migrations';
import { RecordsModule } from './records/records.module';
import { SpecialNeedsModule } from './special-needs/special-needs.module';
import { StatsModule } from './stats/stats.module';

export { BENEFICIARIES_MIGRATIONS } from './migrations';
export type { BeneficiariesDeps } from './core.module';

/** svc-beneficiaries: what every service imports, then one module per feature, each owning its providers and routes. */
@Module({})
export class BeneficiariesModule {
  static forRoot(config: BeneficiariesConfig, deps: BeneficiariesDeps = {}): DynamicModule {
    return {
      module: BeneficiariesModule,
      imports: [
        CoreModule.forRoot(config, deps),
        ...serviceModules({
          name: BENEFICIARIES_DB,
          domain: 'beneficiaries',
          clock: deps.clock ?? systemClock,
          config,
          migrations: BENEFICIARIES_MIGRATIONS,
          consumers: DATA_REQUEST_CONSUMERS,
          inProcessBus: deps.inProcessBus,
        }),
        StorageModule.forRoot('beneficiaries', config),
        AuditNamesModule,
        ChildrenModule,
        PhotosModule,
        ConsentsModule,
        RecordsModule,
        SpecialNeedsModule,
        DocumentsModule,
        GiftsModule,
        StatsModule,
        DataRequestsModule,
      ],
    };
  }
}
