import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CreatedRecordsConsumer } from './created-records.consumer';
import { UserRecordsRepository } from './user-records.repository';

/** Which user created which record in the other domains (the `records.created-by` consumer). */
@Module({
  imports: [UsersModule],
  providers: [UserRecordsRepository, CreatedRecordsConsumer],
  exports: [UserRecordsRepository],
})
export class RecordsModule {}
