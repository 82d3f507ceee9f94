import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AuditTrail, CLOCK, UnitOfWork, type Clock } from '@kcf/server-kit';
import { photoUrlOf, thumbnailUrlOf } from '../beneficiaries/beneficiary-row';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from '../config';
import { StoredFiles } from '../files/stored-files.service';
import { ConsentsRepository } from './consents.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = DAY_MS;
/** Children handled per transaction. */
const BATCH = 100;

/**
 * Removes the stored photo and thumbnail, and the gift photos and card images, of every child whose photo
 * consent has been withdrawn for longer than PHOTO_CONSENT_GRACE_DAYS (a grant in the meantime clears the
 * withdrawal, so its photos stay), at start and once a day, like the audit retention job. The columns are
 * cleared in a transaction with the audit entries (a delete of the photo, an update of each gift that loses
 * its photo, by the system); the objects go after its commit.
 */
@Injectable()
export class PhotoConsentGraceJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PhotoConsentGrace');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly consents: ConsentsRepository,
    private readonly files: StoredFiles,
    private readonly audit: AuditTrail,
    private readonly uow: UnitOfWork,
    @Inject(BENEFICIARIES_CONFIG) private readonly config: BeneficiariesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Runs the job once now; resolves to how many children's photos it removed. */
  async run(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.PHOTO_CONSENT_GRACE_DAYS * DAY_MS);
    let removed = 0;
    for (;;) {
      const count = await this.uow.execute(async () => {
        const rows = await this.consents.expiredPhotos(before, BATCH);
        const details = { reason: 'photo consent withdrawn', graceDays: this.config.PHOTO_CONSENT_GRACE_DAYS };
        for (const row of rows) {
          if (row.photo_key) {
            await this.consents.clearPhoto(row.id);
            this.files.removeAfterCommit([row.photo_key, row.photo_thumbnail_key]);
            this.audit.deleted(
              {
                photoUrl: photoUrlOf(row.id, row.photo_key),
                photoContentType: row.photo_content_type,
                photoThumbnailUrl: thumbnailUrlOf(row.id, row.photo_key),
              },
              { entityType: 'photo', entityId: row.id, beneficiaryId: row.id, details },
            );
          }
          for (const gift of await this.consents.clearGiftPhotos(row.id)) {
            this.files.removeAfterCommit([gift.photo_key, gift.photo_card_key]);
            this.audit.updated(
              { photoUrl: `/api/gifts/${gift.id}/photo`, photoCardUrl: `/api/gifts/${gift.id}/photo/card` },
              { photoUrl: null, photoCardUrl: null },
              { entityType: 'gift', entityId: gift.id, beneficiaryId: row.id, details },
            );
          }
        }
        return rows.length;
      });
      removed += count;
      if (count < BATCH) break;
    }
    if (removed > 0)
      this.logger.log(
        `Removed the stored photos (and gift photos) of ${removed} children whose photo consent was withdrawn before ${before.toISOString()}`,
      );
    return removed;
  }

  onApplicationBootstrap(): void {
    const run = () =>
      void this.run().catch((error: unknown) => this.logger.error(`Photo consent grace job failed: ${String(error)}`));
    run();
    this.timer = setInterval(run, EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
