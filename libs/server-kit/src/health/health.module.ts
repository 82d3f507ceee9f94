import { Global, Module, type DynamicModule } from '@nestjs/common';
import { GracefulShutdown } from './graceful-shutdown';
import { HealthController, ReadinessChecks } from './health.controller';

/** /health/live and /health/ready; readiness includes the database when the app has one (UnitOfWorkModule's Database). */
@Global()
@Module({})
export class HealthModule {
  static forRoot(): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [ReadinessChecks, GracefulShutdown],
      exports: [ReadinessChecks, GracefulShutdown],
    };
  }
}
