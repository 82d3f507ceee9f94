import { Module } from '@nestjs/common';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { ConsentsModule } from '../consents/consents.module';
import { ChildRecordsController } from './child-records.controller';
import { ChildRecordsRepository } from './child-records.repository';
import { ChildRecordsService } from './child-records.service';

/** A child's records: household members, school performance, school fees. */
@Module({
  imports: [ChildGuardModule, ConsentsModule],
  controllers: [ChildRecordsController],
  providers: [ChildRecordsRepository, ChildRecordsService],
  exports: [ChildRecordsRepository],
})
export class RecordsModule {}
