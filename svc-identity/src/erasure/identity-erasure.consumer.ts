import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErasureRequested, IdentityErasureDone, type EventEnvelope } from '@kcf/contracts';
import {
  allTexts,
  AuditTrail,
  type Clock,
  CLOCK,
  ErasureTraces,
  ErasureVacuum,
  type EventConsumer,
  Events,
  namingTexts,
  payloadOf,
} from '@kcf/server-kit';
import { SessionNotices } from '../sessions/session-notices';
import { SessionsService } from '../sessions/sessions.service';
import { ERASED_TABLES, IdentityErasureRepository } from './identity-erasure.repository';

/**
 * svc-identity's part of `beneficiaries.erasure.requested`, in the event's unit of work: every beneficiary
 * user linked to the child loses its sessions (the gateways are told once it commits) and is deleted, or,
 * when it created records that still exist, deactivated and unlinked; the child's traces here go, the audit
 * trail's values about it and those users' own entries are erased, the touched tables are vacuumed once it
 * commits, and the part is reported done (`identity.erasure.done`, naming those users, whose names the other
 * domains' records then drop). Running it again finds no linked user and changes nothing more.
 */
@Injectable()
export class IdentityErasureConsumer implements EventConsumer {
  readonly name = 'erasure';
  readonly subjects = [ErasureRequested.subject];
  private readonly logger = new Logger('IdentityErasure');

  constructor(
    private readonly erasure: IdentityErasureRepository,
    private readonly traces: ErasureTraces,
    private readonly vacuum: ErasureVacuum,
    private readonly sessions: SessionsService,
    private readonly notices: SessionNotices,
    private readonly events: Events,
    private readonly audit: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const payload = payloadOf(ErasureRequested, envelope, this.logger);
    if (!payload) return;
    const { requestId, beneficiaryId } = payload;
    const linked = await this.erasure.linkedUsers(beneficiaryId);
    for (const user of linked) {
      await this.sessions.endAllOf(user.id);
      if (user.live_records > 0) {
        await this.erasure.deactivateUnlinked(user.id, this.clock.now());
        this.audit.changed('update', [{ field: 'isActive', from: true, to: false }], {
          entityType: 'user',
          entityId: user.id,
          details: { dataRequest: requestId },
        });
      } else {
        await this.erasure.deleteUser(user.id);
        this.audit.changed('delete', [], {
          entityType: 'user',
          entityId: user.id,
          details: { dataRequest: requestId },
        });
      }
      this.notices.afterCommit(user.id);
    }
    await this.erasure.forgetChildRecord(beneficiaryId);
    await this.traces.purge([beneficiaryId, ...namingTexts(payload)]);
    await this.traces.redactAudit({
      requestId,
      beneficiaryId,
      texts: allTexts(payload),
      actorIds: linked.map((user) => user.id),
    });
    await this.events.record(IdentityErasureDone, { requestId, userIds: linked.map((user) => user.id) });
    this.vacuum.afterCommit(ERASED_TABLES);
  }
}
