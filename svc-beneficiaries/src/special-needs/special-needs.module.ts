import { Module } from '@nestjs/common';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { ConsentsModule } from '../consents/consents.module';
import { SpecialNeedsController } from './special-needs.controller';
import { SpecialNeedsRepository } from './special-needs.repository';
import { SpecialNeedsService } from './special-needs.service';

/** A child's special needs. */
@Module({
  imports: [ChildGuardModule, ConsentsModule],
  controllers: [SpecialNeedsController],
  providers: [SpecialNeedsRepository, SpecialNeedsService],
  exports: [SpecialNeedsRepository],
})
export class SpecialNeedsModule {}
