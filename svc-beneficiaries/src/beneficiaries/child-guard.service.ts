import { Injectable } from '@nestjs/common';
import { BENEFICIARIES_ERRORS } from '@kcf/contracts';
import { AppError } from '@kcf/server-kit';
import { BeneficiariesRepository } from './beneficiaries.repository';
import type { BeneficiaryRow } from './beneficiary-row';

/** What a change to a child, or to a record hanging off it, needs of the child: that it exists (404 otherwise). */
@Injectable()
export class ChildGuard {
  constructor(private readonly children: BeneficiariesRepository) {}

  async assertExists(id: string): Promise<void> {
    if (!(await this.children.exists(id))) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
  }

  /** The child exists, and cannot be deleted until the unit of work ends: a new record hangs off it. */
  async holdForNewRecord(id: string): Promise<void> {
    if (!(await this.children.lockForShare(id))) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
  }

  /** The child's row, locked until the unit of work ends. */
  async lockForChange(id: string): Promise<BeneficiaryRow> {
    const row = await this.children.lockRow(id);
    if (!row) throw AppError.of(BENEFICIARIES_ERRORS.beneficiaryNotFound);
    return row;
  }
}
