import { Module } from '@nestjs/common';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { ConsentsModule } from '../consents/consents.module';
import { InternalController } from './internal.controller';
import { InternalService } from './internal.service';
import { StatsRepository } from './stats.repository';

/** The internal calls: the dashboard's figures, whether a child exists, the consents overview. */
@Module({
  imports: [ChildGuardModule, ConsentsModule],
  controllers: [InternalController],
  providers: [StatsRepository, InternalService],
})
export class StatsModule {}
