import { Module, type DynamicModule } from '@nestjs/common';
import { databaseModule, HealthModule } from '@kcf/server-kit';
import { FINANCE_CONFIG, FINANCE_DB, type FinanceConfig } from './config';
import { InternalStatsController } from './stats/internal-stats.controller';

export const FINANCE_ENTITIES = [];
export const FINANCE_MIGRATIONS = [];

@Module({})
export class FinanceModule {
  static forRoot(config: FinanceConfig): DynamicModule {
    return {
      module: FinanceModule,
      imports: [
        databaseModule(FINANCE_DB, () => ({ url: config.DATABASE_URL, entities: FINANCE_ENTITIES, migrations: FINANCE_MIGRATIONS })),
        HealthModule.forRoot({ dataSourceName: FINANCE_DB }),
      ],
      controllers: [InternalStatsController],
      providers: [{ provide: FINANCE_CONFIG, useValue: config }],
    };
  }
}
