import { Global, Module } from '@nestjs/common';
import { HealthController, ReadinessChecks } from './health.controller';

@Global()
@Module({ controllers: [HealthController], providers: [ReadinessChecks], exports: [ReadinessChecks] })
export class HealthModule {}
