import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { COMMON_ERRORS } from '@kcf/contracts';
import type { Queryable } from '../database/sql';
import { AppError } from '../errors/app-error';
import { isRetriableDatabaseFailure } from './database-failures';
import { DEFAULT_RETRY_SCHEDULE, retryDelay, sleep, type RetrySchedule } from './retry-schedule';
import { WorkScope, type Hook } from './work-scope';

const scopes = new AsyncLocalStorage<WorkScope>();

export interface ExecuteOptions<T> {
  /** Begins the unit's transaction before the work, e.g. `scope.open(statement)` (the idempotency claim). */
  open?: (scope: WorkScope) => Promise<void>;
  /** A statement (no parameters) to run with the COMMIT, in the same round trip (the idempotency record). */
  commitStatement?: (result: T) => string;
  /**
   * COMMIT was sent and its answer lost: whether it took. 'committed' ends the unit as saved; 'not-committed'
   * lets it run again; null (cannot tell) answers COMMON_ERRORS.commitOutcomeUnknown (503).
   */
  resolveUnknownCommit?: () => Promise<'committed' | 'not-committed' | null>;
  /** Whether running the work again is still possible (false once an answer has started). */
  mayRetry?: () => boolean;
  /** The request's answer: gets the unit's answer headers once it has committed. */
  answer?: { append(name: string, value: string): unknown };
}

export interface UnitOfWorkOptions {
  retry?: RetrySchedule;
  /** Called after every commit that wrote something (wakes the outbox relay). */
  onCommitted?: () => void;
}

/**
 * The one write path of a service. Every request runs as one unit of work (the UnitOfWorkInterceptor opens
 * it): every `transaction()` inside the request joins one database transaction, committed after the
 * handler has its answer, together with the request's idempotency record. Outside a request (event
 * consumers, start-up work) `transaction()` is a transaction of its own. Either way the work runs again,
 * on a fresh connection, after a failure of the connection or a serialization failure, as long as nothing
 * was committed; `afterCommit` hooks (removing replaced files, say) run only once the change is saved.
 */
export class UnitOfWork {
  private readonly logger = new Logger('UnitOfWork');
  private readonly schedule: RetrySchedule;

  constructor(
    /** The service's pool (databaseModule's): every unit's connection is taken from it. */
    readonly pool: Pool,
    private readonly options: UnitOfWorkOptions = {},
  ) {
    this.schedule = options.retry ?? DEFAULT_RETRY_SCHEDULE;
  }

  /** Runs `write` in the current unit's transaction, or in one of its own outside a unit. */
  transaction<T>(write: () => Promise<T>): Promise<T> {
    const scope = this.currentScope();
    if (scope) return scope.run(write);
    return this.separately(write);
  }

  /**
   * Runs `write` in a transaction of its own that commits before this resolves, even inside a request whose
   * own unit will roll back (a failed sign-in must still be counted).
   */
  separately<T>(write: () => Promise<T>): Promise<T> {
    return this.execute(() => this.currentScope()!.run(write));
  }

  /** The connection of the current unit's transaction, begun now if need be; null outside a unit. */
  async unitConnection(): Promise<Queryable | null> {
    return (await this.currentScope()?.connection()) ?? null;
  }

  /** The current unit's connection if its transaction has begun; else null. */
  async begunConnection(): Promise<Queryable | null> {
    return (await this.currentScope()?.begunConnection()) ?? null;
  }

  /** Runs `hook` once the current unit has committed (at once outside a unit). */
  afterCommit(hook: Hook): void {
    const scope = this.currentScope();
    if (scope) scope.afterCommit(hook);
    else
      void Promise.resolve()
        .then(hook)
        .catch((error: unknown) => this.report(error));
  }

  /**
   * The current unit's list of `kind`: rows pushed on it are written with the unit's COMMIT, in the same
   * transaction and round trip, by the statement `build` makes of them. Null outside a unit.
   */
  commitList<T>(kind: string, build: (items: T[]) => string): T[] | null {
    return this.currentScope()?.commitList(kind, build) ?? null;
  }

  /** Adds a header to the current request's answer, sent only if the unit commits (ignored outside a request). */
  addAnswerHeader(name: string, value: string): void {
    this.currentScope()?.answerHeaders.push([name, value]);
  }

  /** Runs `hook` if the current unit saves nothing (never outside a unit). */
  afterRollback(hook: Hook): void {
    this.currentScope()?.afterRollback(hook);
  }

  /**
   * Runs `work` as one unit of work: what it writes through `transaction()` commits when it resolves (after
   * `beforeCommit`), and rolls back when it throws. Retriable database failures run it again while nothing
   * was committed and the schedule's budget lasts.
   */
  async execute<T>(work: () => Promise<T>, options: ExecuteOptions<T> = {}): Promise<T> {
    const started = Date.now();
    for (let retry = 0; ; retry++) {
      const scope = new WorkScope(this.pool);
      let result: T;
      try {
        if (options.open) await options.open(scope);
        result = await scopes.run(scope, work);
        await scope.commit(options.commitStatement?.(result));
      } catch (error) {
        await scope.end(error);
        const outcome = scope.commitOutcomeUnknown(error) ? await this.unknownOutcome(options) : 'not-committed';
        if (outcome === 'committed') {
          // The commit took, though its answer was lost: the result is the one that was saved.
          for (const [name, value] of scope.answerHeaders) options.answer?.append(name, value);
          await scope.committed((e) => this.report(e));
          this.options.onCommitted?.();
          return result!;
        }
        if (outcome === null) throw AppError.of(COMMON_ERRORS.commitOutcomeUnknown);
        await scope.rolledBack((e) => this.report(e));
        const delay =
          isRetriableDatabaseFailure(error) && (options.mayRetry?.() ?? true)
            ? retryDelay(this.schedule, retry, Date.now() - started)
            : null;
        if (delay === null) throw error;
        this.logger.warn(`Database failure (${describe(error)}); running the work again in ${delay} ms`);
        await sleep(delay);
        continue;
      }
      await scope.end();
      for (const [name, value] of scope.answerHeaders) options.answer?.append(name, value);
      await scope.committed((e) => this.report(e));
      this.options.onCommitted?.();
      return result;
    }
  }

  /** Runs `read` again after retriable database failures (for statements outside any unit). */
  async retrying<T>(read: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let retry = 0; ; retry++) {
      try {
        return await read();
      } catch (error) {
        const delay = isRetriableDatabaseFailure(error) ? retryDelay(this.schedule, retry, Date.now() - started) : null;
        if (delay === null) throw error;
        await sleep(delay);
      }
    }
  }

  private async unknownOutcome<T>(options: ExecuteOptions<T>): Promise<'committed' | 'not-committed' | null> {
    if (!options.resolveUnknownCommit) return null;
    try {
      return await this.retrying(options.resolveUnknownCommit);
    } catch {
      return null;
    }
  }

  private currentScope(): WorkScope | undefined {
    const scope = scopes.getStore();
    return scope && scope.pool === this.pool ? scope : undefined;
  }

  private report(error: unknown): void {
    this.logger.error(`After the unit of work: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
