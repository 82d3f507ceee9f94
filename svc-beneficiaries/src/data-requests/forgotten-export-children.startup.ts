import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UnitOfWork } from '@kcf/server-kit';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from '../config';
import { DataRequestsRepository } from './data-requests.repository';
import { subjectDigest } from './subject-digest';

/**
 * Exports once forgot their child when their ZIP was deleted (only the digest of the child's id stayed); they now
 * name it until the child is erased, so that what was handed to whom can be shown. At start, such an export of a
 * child that still exists names it again: the child is found by its digest (an HMAC the database cannot compute).
 * A child that was erased or deleted has no row, so its exports stay as they are; once none is left, the start
 * costs one query.
 */
@Injectable()
export class ForgottenExportChildren implements OnApplicationBootstrap {
  private readonly logger = new Logger('DataRequests');

  constructor(
    private readonly requests: DataRequestsRepository,
    private readonly uow: UnitOfWork,
    @Inject(BENEFICIARIES_CONFIG) private readonly config: BeneficiariesConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const restored = await this.uow.transaction(async () => {
      const digests = new Set(await this.requests.forgottenExportDigests());
      if (digests.size === 0) return 0;
      const found = (await this.requests.childIds())
        .map((id) => ({ id, digest: subjectDigest(this.config.INTERNAL_SECRET, id) }))
        .filter((child) => digests.has(child.digest));
      return found.length === 0 ? 0 : this.requests.nameForgottenExports(found);
    });
    if (restored > 0) this.logger.log(`${restored} exports name their child again`);
  }
}
