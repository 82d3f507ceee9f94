import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BeneficiariesErasureDone } from '@kcf/contracts';
import {
  allTexts,
  type Clock,
  CLOCK,
  ErasureTraces,
  Events,
  OBJECT_STORAGE,
  type ObjectStorage,
  RepeatingPass,
  UnitOfWork,
} from '@kcf/server-kit';
import { ChildErasureRepository, requestTexts } from './child-erasure.repository';
import { DataRequestsRepository } from './data-requests.repository';

/** How often the job looks for work when nothing kicked it. */
const EVERY_MS = 2_000;
/** Objects taken per pass. */
const BATCH = 50;

/**
 * Finishes svc-beneficiaries' part of each erasure: removes the stored objects the erasure queued in
 * `erasure_objects`, one by one, until none is left (a failed removal is tried again later, waiting longer
 * each time, across restarts), then replaces the child's and its guardian's values in this service's audit
 * trail and reports the part done (`beneficiaries.erasure.done`, once, under the request's row lock).
 */
@Injectable()
export class ErasedObjectsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ErasedObjects');
  private readonly passes = new RepeatingPass(() => this.run(), EVERY_MS, this.logger, 'Erasure pass failed');

  constructor(
    private readonly erasure: ChildErasureRepository,
    private readonly traces: ErasureTraces,
    private readonly requests: DataRequestsRepository,
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

  /** One pass: the objects due, then the requests whose objects are all gone. */
  async run(): Promise<void> {
    await this.erasure.objects.removeDue({
      storage: this.storage,
      uow: this.uow,
      clock: this.clock,
      logger: this.logger,
      limit: BATCH,
      stopped: () => this.passes.stopped,
      what: "an erased child's stored object",
    });
    for (const { id } of await this.requests.erasedUnreported()) {
      if (this.passes.stopped) return;
      await this.report(id);
    }
  }

  private async report(id: string): Promise<void> {
    const open = await this.requests.find(id);
    if (open?.beneficiary_id)
      await this.traces.redactAudit({
        requestId: id,
        beneficiaryId: open.beneficiary_id,
        texts: allTexts(requestTexts(open)),
      });
    await this.uow.execute(async () => {
      const row = await this.requests.lockUnreported(id);
      if (!row) return;
      await this.requests.markErased(id, this.clock.now());
      await this.events.record(BeneficiariesErasureDone, { requestId: id });
    });
  }
}
