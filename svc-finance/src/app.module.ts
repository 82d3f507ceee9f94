import { Module, type DynamicModule } from '@nestjs/common';
import { databaseModule, HealthModule, MessagingModule, StorageModule, OUTBOX_ENTITIES, OUTBOX_MIGRATIONS, type InProcessEventBus } from '@kcf/server-kit';
import { FINANCE_CONFIG, FINANCE_DB, type FinanceConfig } from './config';
import { InternalStatsController } from './stats/internal-stats.controller';

export const FINANCE_ENTITIES = [...OUTBOX_ENTITIES];
export const FINANCE_MIGRATIONS = [...OUTBOX_MIGRATIONS];

@Module({})
export class FinanceModule {
  static forRoot(config: FinanceConfig, deps: { inProcessBus?: InProcessEventBus } = {}): DynamicModule {
    return {
      module: FinanceModule,
      imports: [
        databaseModule(FINANCE_DB, () => ({ url: config.DATABASE_URL, entities: FINANCE_ENTITIES, migrations: FINANCE_MIGRATIONS })),
        HealthModule.forRoot({ dataSourceName: FINANCE_DB }),
        StorageModule.forRoot('finance', config),
        MessagingModule.forRoot({
          serviceName: 'finance',
          dataSourceName: FINANCE_DB,
          natsUrl: config.NATS_URL,
          streamName: config.NATS_STREAM,
          subjectPrefix: config.NATS_SUBJECT_PREFIX,
          inProcessBus: deps.inProcessBus,
          outboxPollMs: config.OUTBOX_POLL_MS,
        }),
      ],
      controllers: [InternalStatsController],
      providers: [{ provide: FINANCE_CONFIG, useValue: config }],
    };
  }
}
