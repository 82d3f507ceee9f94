import { Module, type DynamicModule } from '@nestjs/common';
import { databaseModule, HealthModule } from '@kcf/server-kit';
import { BENEFICIARIES_CONFIG, BENEFICIARIES_DB, type BeneficiariesConfig } from './config';
import { InternalStatsController } from './stats/internal-stats.controller';

export const BENEFICIARIES_ENTITIES = [];
export const BENEFICIARIES_MIGRATIONS = [];

@Module({})
export class BeneficiariesModule {
  static forRoot(config: BeneficiariesConfig): DynamicModule {
    return {
      module: BeneficiariesModule,
      imports: [
        databaseModule(BENEFICIARIES_DB, () => ({ url: config.DATABASE_URL, entities: BENEFICIARIES_ENTITIES, migrations: BENEFICIARIES_MIGRATIONS })),
        HealthModule.forRoot({ dataSourceName: BENEFICIARIES_DB }),
      ],
      controllers: [InternalStatsController],
      providers: [{ provide: BENEFICIARIES_CONFIG, useValue: config }],
    };
  }
}
