import type { EventEnvelope } from '@kcf/contracts';
import type { Sql } from '../database/sql';
import type { Database } from '../unit-of-work/database';
import { consoleEventBusLogger, type EventBus, type EventBusLogger } from './event-bus';

export interface OutboxRelayOptions {
  /** Rows taken per pass (default 20). */
  batchSize?: number;
  /** Time between passes when idle (default 1 s); `nudge()` starts one at once. */
  pollIntervalMs?: number;
  /** Longest wait after repeated bus errors (default 30 s); waits double from `pollIntervalMs`. */
  maxBackoffMs?: number;
  logger?: EventBusLogger;
}

export interface RelayPass {
  /** Events the bus took in this pass (re-publishes it dropped as duplicates included). */
  published: number;
  /** Of those, the ones the bus already had. */
  duplicates: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  occurred_at: Date;
  metadata: EventEnvelope['metadata'] | null;
  schema_version: string | null;
}

/**
 * Publishes what services wrote to their `outbox`. A pass locks the oldest unsent rows with
 * `FOR UPDATE SKIP LOCKED` (so several relays share the work without taking the same row), publishes
 * each with its id as the message id, and marks the published ones sent in the same transaction. If the
 * relay dies between publishing and marking, the rows stay unsent and are published again: the bus
 * drops the copy by id, and `runIdempotentHandler` drops any copy that gets through.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly maxBackoffMs: number;
  protected readonly logger: EventBusLogger;
  private running: Promise<void> | null = null;
  private stopping = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private nudged = false;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    options: OutboxRelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 20;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.logger = options.logger ?? consoleEventBusLogger;
  }

  /** Starts polling in the background. */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.running = this.loop();
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp();
    await this.running;
    this.running = null;
  }

  /**
   * Publishes what is still unsent, pass after pass, until nothing is left, the bus refuses, or `timeoutMs`
   * has passed (a stopping service flushes what its last requests committed). Resolves to the number sent.
   */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let sent = 0;
    while (Date.now() < deadline) {
      const pass = await this.runOnce();
      sent += pass.published;
      if (pass.published < this.batchSize) break;
    }
    return sent;
  }

  /** Asks for a pass now, e.g. right after a transaction that wrote to the outbox committed. Ignored while backing off. */
  nudge(): void {
    if (this.failures > 0) return;
    this.nudged = true;
    this.wakeUp();
  }

  /** One pass over at most `batchSize` rows; rejects when the bus refused an event (the rows stay unsent). */
  async runOnce(): Promise<RelayPass> {
    let failure: unknown = null;
    const pass = await this.db.ownTransaction(async (sql) => {
      const rows = await sql.rows<OutboxRow>(
        `SELECT "id", "subject", "payload", "occurred_at", "metadata", "schema_version" FROM "outbox"
         WHERE "sent_at" IS NULL ORDER BY "seq" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const sent: string[] = [];
      let duplicates = 0;
      for (const row of rows) {
        try {
          const result = await this.bus.publish(toEnvelope(row));
          if (result.duplicate) duplicates += 1;
          sent.push(row.id);
        } catch (error) {
          failure = error;
          await sql.exec(`UPDATE "outbox" SET "attempts" = "attempts" + 1 WHERE "id" = $1`, [row.id]);
          break;
        }
      }
      if (sent.length > 0) await this.markSent(sql, sent);
      return { published: sent.length, duplicates };
    });
    if (failure) throw failure;
    return pass;
  }

  /** Marks published rows sent, inside the pass's transaction. */
  protected async markSent(sql: Sql, ids: string[]): Promise<void> {
    await sql.exec(`UPDATE "outbox" SET "sent_at" = now(), "attempts" = "attempts" + 1 WHERE "id" = ANY($1::uuid[])`, [
      ids,
    ]);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.nudged = false;
      let delay = this.pollIntervalMs;
      try {
        const pass = await this.runOnce();
        if (this.failures > 0) this.logger.warn(`Outbox relay: publishing again after ${this.failures} failed passes`);
        this.failures = 0;
        if (pass.published === this.batchSize) delay = 0;
      } catch (error) {
        this.failures += 1;
        delay = Math.min(this.pollIntervalMs * 2 ** Math.min(this.failures, 20), this.maxBackoffMs);
        this.logger.warn(
          `Outbox relay: pass failed (${this.failures} in a row), next try in ${delay} ms: ${describe(error)}`,
        );
      }
      if (!this.stopping && !this.nudged && delay > 0) await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.timer = setTimeout(() => this.wake?.(), ms);
    });
  }

  private wakeUp(): void {
    this.wake?.();
  }
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  const envelope: EventEnvelope = {
    id: row.id,
    subject: row.subject,
    occurredAt: new Date(row.occurred_at).toISOString(),
    payload: row.payload,
  };
  // A row from before versions leaves without one: its readers take it as 1.0.
  if (row.schema_version) envelope.schemaVersion = row.schema_version;
  return row.metadata ? { ...envelope, metadata: row.metadata } : envelope;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
