import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { FinanceErasureDone } from '@kcf/contracts';
import {
  type Clock,
  CLOCK,
  Events,
  OBJECT_STORAGE,
  type ObjectStorage,
  RepeatingPass,
  UnitOfWork,
} from '@kcf/server-kit';
import { FinanceErasureRepository } from './finance-erasure.repository';

/** How often the job looks for work when nothing kicked it. */
const EVERY_MS = 2_000;
/** Receipts taken per pass. */
const BATCH = 50;

/**
 * Finishes svc-finance's part of each erasure: removes the receipts the erasure queued in `erasure_objects`, one
 * by one, until none is left (a failed removal is tried again later, waiting longer each time, across restarts),
 * then reports the part done (`finance.erasure.done`, once, under the erasure's row lock).
 */
@Injectable()
export class ErasedReceiptsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ErasedReceipts');
  private readonly passes = new RepeatingPass(() => this.run(), EVERY_MS, this.logger, 'Erasure pass failed');

  constructor(
    private readonly erasure: FinanceErasureRepository,
    private readonly events: Events,
    private readonly uow: UnitOfWork,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
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

  /** One pass: the receipts due, then the erasures whose receipts are all gone. */
  async run(): Promise<void> {
    await this.erasure.objects.removeDue({
      storage: this.storage,
      uow: this.uow,
      clock: this.clock,
      logger: this.logger,
      limit: BATCH,
      stopped: () => this.passes.stopped,
      what: "an erased child's receipt",
    });
    for (const { request_id } of await this.erasure.erasedUnreported()) {
      if (this.passes.stopped) return;
      await this.uow.execute(() => this.report(request_id));
    }
  }

  /** Reports the erasure's part done if its receipts are all gone and it is not reported yet (in the caller's unit of work). */
  async report(requestId: string): Promise<void> {
    if (await this.erasure.markReported(requestId, this.clock.now()))
      await this.events.record(FinanceErasureDone, { requestId });
  }
}
