import { Module } from '@nestjs/common';
import { BeneficiariesRepository } from './beneficiaries.repository';
import { ChildGuard } from './child-guard.service';

/** A child's row and the guard every feature of a child asks first (the child exists, the caller may see it). */
@Module({
  providers: [BeneficiariesRepository, ChildGuard],
  exports: [BeneficiariesRepository, ChildGuard],
})
export class ChildGuardModule {}
