import { Module, type DynamicModule } from '@nestjs/common';
import { databaseModule, HealthModule, MessagingModule, StorageModule, OUTBOX_ENTITIES, OUTBOX_MIGRATIONS, type InProcessEventBus } from '@kcf/server-kit';
import { BENEFICIARIES_CONFIG, BENEFICIARIES_DB, type BeneficiariesConfig } from './config';
import { InternalStatsController } from './stats/internal-stats.controller';

export const BENEFICIARIES_ENTITIES = [...OUTBOX_ENTITIES];
export const BENEFICIARIES_MIGRATIONS = [...OUTBOX_MIGRATIONS];

@Module({})
export class BeneficiariesModule {
  static forRoot(config: BeneficiariesConfig, deps: { inProcessBus?: InProcessEventBus } = {}): DynamicModule {
    return {
      module: BeneficiariesModule,
      imports: [
        databaseModule(BENEFICIARIES_DB, () => ({ url: config.DATABASE_URL, entities: BENEFICIARIES_ENTITIES, migrations: BENEFICIARIES_MIGRATIONS })),
        HealthModule.forRoot({ dataSourceName: BENEFICIARIES_DB }),
        StorageModule.forRoot('beneficiaries', config),
        MessagingModule.forRoot({
          serviceName: 'beneficiaries',
          dataSourceName: BENEFICIARIES_DB,
          natsUrl: config.NATS_URL,
          streamName: config.NATS_STREAM,
          subjectPrefix: config.NATS_SUBJECT_PREFIX,
          inProcessBus: deps.inProcessBus,
          outboxPollMs: config.OUTBOX_POLL_MS,
        }),
      ],
      controllers: [InternalStatsController],
      providers: [{ provide: BENEFICIARIES_CONFIG, useValue: config }],
    };
  }
}
