import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DATA_EXPORT_DOWNLOAD_HOURS } from '@kcf/contracts';
import {
  AuditTrail,
  CLOCK,
  errorText,
  OBJECT_STORAGE,
  RepeatingPass,
  UnitOfWork,
  type Clock,
  type ObjectStorage,
} from '@kcf/server-kit';
import { objectKey } from '../files/object-names';
import { DataExportContents, type ExportEntry } from './data-export-contents';
import { DataExportsRepository, type ClaimedExport } from './data-exports.repository';
import { EXPORT_SOURCES, type ExportSources } from './export-sources';
import { writeZip, type ZipSource } from './export-zip';

/** How often the job looks for work when nothing kicked it. */
const EVERY_MS = 2_000;
/** How long a build holds its export without writing a file (a build cut short is taken up again after it). */
const CLAIM_MS = 2 * 60 * 1000;
/** Builds tried before the request fails, and the wait before each next try (times the tries so far). */
const MAX_TRIES = 3;
const RETRY_MS = 30_000;
const DOWNLOAD_MS = DATA_EXPORT_DOWNLOAD_HOURS * 60 * 60 * 1000;
/** Expired ZIPs removed per pass. */
const BATCH = 50;

/**
 * Builds each export of a child's data: takes the oldest pending export (FOR UPDATE SKIP LOCKED, then held by
 * a claim renewed after every file, so a build cut short by a restart is taken up again once it lapses), reads
 * what the export holds (DataExportContents) and streams the ZIP into storage file by file, counting progress;
 * when it is stored, the request is done and its ZIP downloadable for 24 hours. A failed build is tried again
 * later, up to three times, then the request fails with the reason. Each pass also deletes the ZIPs past their
 * 24 hours; the request keeps naming its child (what was handed to whom) until the child is erased.
 */
@Injectable()
export class DataExportJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DataExport');
  private readonly passes = new RepeatingPass(() => this.run(), EVERY_MS, this.logger, 'Data export pass failed');

  constructor(
    private readonly exports: DataExportsRepository,
    private readonly contents: DataExportContents,
    private readonly audit: AuditTrail,
    private readonly uow: UnitOfWork,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(EXPORT_SOURCES) private readonly sources: ExportSources,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.passes.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** Starts a pass now (or right after the one in progress). */
  kick(): void {
    this.passes.kick();
  }

  /** One pass: expired ZIPs removed, then every export that is due built, oldest first. */
  async run(): Promise<void> {
    await this.removeExpired();
    while (!this.passes.stopped) {
      const now = this.clock.now();
      const claimed = await this.uow.execute(() => this.exports.claimNext(now, later(now, CLAIM_MS)));
      if (!claimed) return;
      await this.build(claimed);
    }
  }

  private async build(claimed: ClaimedExport): Promise<void> {
    const key = objectKey('dataExport', `${claimed.id}.zip`);
    try {
      const entries = await this.contents.of(claimed.beneficiary_id, {
        userId: claimed.requested_by,
        role: claimed.requested_by_role,
      });
      if (!entries) return await this.fail(claimed.id, 'The child no longer exists');
      const total = entries.length;
      await this.progress(claimed.id, 0, total);
      const zip = writeZip(
        entries.map((entry) => this.sourceOf(entry)),
        this.clock.now(),
        (done) => this.progress(claimed.id, done, total),
      );
      await Promise.all([this.storage.putStream(key, zip.stream, { contentType: 'application/zip' }), zip.finished]);
      const built = await this.uow.execute(async () => {
        if (!(await this.exports.lockOpen(claimed.id))) return false;
        const now = this.clock.now();
        await this.exports.markBuilt(claimed.id, key, now, later(now, DOWNLOAD_MS));
        this.audit.changed('update', [{ field: 'state', from: 'running', to: 'done' }], {
          entityType: 'data-request',
          entityId: claimed.id,
          details: null,
        });
        return true;
      });
      // The child was erased while its ZIP was written: the ZIP goes too.
      if (!built) await this.storage.delete(key);
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      if (claimed.attempts >= MAX_TRIES) return await this.fail(claimed.id, errorText(error));
      this.logger.warn(
        `An export could not be built (try ${claimed.attempts}); trying again later: ${errorText(error)}`,
      );
      await this.uow.execute(() =>
        this.exports.tryLater(claimed.id, errorText(error), later(this.clock.now(), RETRY_MS * claimed.attempts)),
      );
    }
  }

  /** Text is deflated; a stored file or a receipt goes in as it is, streamed when its turn comes. */
  private sourceOf(entry: ExportEntry): ZipSource {
    if ('text' in entry) return { name: entry.name, compress: true, open: async () => Buffer.from(entry.text, 'utf8') };
    if ('receipt' in entry)
      return {
        name: entry.name,
        compress: false,
        open: () => this.sources.openReceipt(entry.receipt.beneficiaryId, entry.receipt.expenseId),
      };
    return { name: entry.name, compress: false, open: async () => (await this.storage.get(entry.key)).stream };
  }

  private async progress(id: string, done: number, total: number): Promise<void> {
    await this.uow.execute(() => this.exports.progress(id, done, total, later(this.clock.now(), CLAIM_MS)));
  }

  private async fail(id: string, reason: string): Promise<void> {
    this.logger.error(`An export failed: ${reason}`);
    await this.uow.execute(async () => {
      if (!(await this.exports.markFailed(id, reason, this.clock.now()))) return;
      this.audit.changed('update', [{ field: 'state', from: 'running', to: 'failed' }], {
        entityType: 'data-request',
        entityId: id,
        details: { reason },
      });
    });
  }

  private async removeExpired(): Promise<void> {
    for (const zip of await this.exports.expiredZips(this.clock.now(), BATCH)) {
      if (this.passes.stopped) return;
      try {
        await this.storage.delete(zip.export_key);
        await this.uow.execute(() => this.exports.forgetZip(zip.id, zip.export_key));
      } catch (error) {
        this.logger.warn(`Could not remove an expired export; trying again later: ${errorText(error)}`);
      }
    }
  }
}

function later(from: Date, ms: number): Date {
  return new Date(from.getTime() + ms);
}
