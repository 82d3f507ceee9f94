import { Global, Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { GracefulShutdown } from './graceful-shutdown';
import { HEALTH_DATA_SOURCE, HealthController, ReadinessChecks } from './health.controller';

/** /health/live and /health/ready; readiness includes the named DataSource when one is given. */
@Global()
@Module({})
export class HealthModule {
  static forRoot(options: { dataSourceName?: string } = {}): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        ReadinessChecks,
        GracefulShutdown,
        ...(options.dataSourceName
          ? [{ provide: HEALTH_DATA_SOURCE, useExisting: getDataSourceToken(options.dataSourceName) }]
          : []),
      ],
      exports: [ReadinessChecks, GracefulShutdown],
    };
  }
}
