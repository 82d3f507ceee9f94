import { Module } from '@nestjs/common';
import { ErasureTraces, ErasureVacuum } from '@kcf/server-kit';
import { SessionsModule } from '../sessions/sessions.module';
import { IdentityErasureConsumer } from './identity-erasure.consumer';
import { IdentityErasureRepository } from './identity-erasure.repository';

/** A child's erasure, identity's part. */
@Module({
  imports: [SessionsModule],
  providers: [IdentityErasureRepository, ErasureTraces, ErasureVacuum, IdentityErasureConsumer],
})
export class ErasureModule {}
