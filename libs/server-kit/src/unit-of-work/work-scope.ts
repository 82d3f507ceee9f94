import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Queryable } from '../database/sql';
import { isConnectionFailure } from './database-failures';

export type Hook = () => unknown;

/** Thrown when a unit of work is asked to commit after a write inside it failed: nothing of it is saved. */
export class WorkAbortedError extends Error {
  constructor(override readonly cause: unknown) {
    super('A write of this unit of work failed, so none of it was saved');
    this.name = 'WorkAbortedError';
  }
}

interface Begun {
  client: PoolClient;
  /** Stops hearing the connection's errors (see begin). */
  unheard: () => void;
}

/**
 * One unit of work: at most one transaction, on one connection, begun by the first write that asks for it
 * (or at once, with `open`) and ended (commit or rollback) by whoever opened the scope. Writes inside it join
 * that transaction. A write that throws leaves the scope abort-only: the work can still catch the error and
 * answer, but nothing is committed. BEGIN and COMMIT are sent on the pg connection itself, so a statement
 * can ride along with either in the same round trip (the idempotency claim and record do).
 */
export class WorkScope {
  private beginning: Promise<Begun> | null = null;
  private readonly commitHooks: Hook[] = [];
  private readonly rollbackHooks: Hook[] = [];
  private failure: { error: unknown } | null = null;
  /** Headers the request's answer gets once this unit has committed. */
  readonly answerHeaders: [string, string][] = [];
  /** Lists of rows sent with the COMMIT, each as one statement its `build` makes then (the audit entries). */
  private readonly commitLists = new Map<string, { items: unknown[]; build: (items: unknown[]) => string }>();
  /** COMMIT was sent: from here on a failure leaves the outcome unknown. */
  commitSent = false;
  private committedOk = false;
  private ended = false;

  constructor(readonly pool: Pool) {}

  /** Runs `write` in this scope's transaction (beginning it if needed). */
  async run<T>(write: () => Promise<T>): Promise<T> {
    if (this.ended || this.commitSent) throw new Error('This unit of work has already ended');
    if (this.failure) throw new WorkAbortedError(this.failure.error);
    await (this.beginning ??= this.begin());
    try {
      return await write();
    } catch (error) {
      this.failure ??= { error };
      throw error;
    }
  }

  /**
   * The connection of this unit's transaction (begun if need be), for a repository's statements: a statement
   * that fails leaves the unit abort-only, as a failing `run` does.
   */
  async connection(): Promise<Queryable> {
    if (this.ended || this.commitSent) throw new Error('This unit of work has already ended');
    if (this.failure) throw new WorkAbortedError(this.failure.error);
    const { client } = await (this.beginning ??= this.begin());
    const query = (config: { text: string; values?: unknown[]; name?: string }) =>
      client.query(config).catch((error: unknown) => {
        this.failure ??= { error };
        throw error;
      });
    return { query } as Queryable;
  }

  /** This unit's connection if its transaction has begun (a read then sees the unit's own writes), else null. */
  async begunConnection(): Promise<Queryable | null> {
    if (!this.beginning || this.ended || this.commitSent) return null;
    return this.connection();
  }

  afterCommit(hook: Hook): void {
    this.commitHooks.push(hook);
  }

  /** The unit's list of `kind` (made on first use): its rows go to the database with the COMMIT, as `build` writes them. */
  commitList<T>(kind: string, build: (items: T[]) => string): T[] {
    if (this.ended || this.commitSent) throw new Error('This unit of work has already ended');
    let list = this.commitLists.get(kind);
    if (!list) this.commitLists.set(kind, (list = { items: [], build: build as (items: unknown[]) => string }));
    return list.items as T[];
  }

  afterRollback(hook: Hook): void {
    this.rollbackHooks.push(hook);
  }

  /**
   * Begins the transaction now, with `statement` (no parameters: the simple protocol) run right after BEGIN
   * in the same round trip; resolves to that statement's result.
   */
  async open(statement: string): Promise<QueryResult> {
    if (this.beginning) throw new Error('This unit of work has already begun');
    let result: QueryResult | undefined;
    this.beginning = this.begin(statement, (r) => (result = r));
    await this.beginning;
    return result!;
  }

  /**
   * Commits what was written (nothing to do when nothing was and no `statement` is given). The commit lists'
   * statements and `statement` (no parameters) run just before COMMIT in the same round trip; if one fails,
   * nothing is committed.
   */
  async commit(statement?: string): Promise<void> {
    if (this.failure) throw new WorkAbortedError(this.failure.error);
    const lists = [...this.commitLists.values()]
      .filter((list) => list.items.length > 0)
      .map((list) => list.build(list.items));
    const statements = [...lists, ...(statement ? [statement] : [])];
    if (!this.beginning) {
      if (statements.length === 0) return;
      this.beginning = this.begin();
    }
    const { client } = await this.beginning;
    this.commitSent = true;
    await client.query([...statements, 'COMMIT'].join('; '));
    this.committedOk = true;
  }

  /** COMMIT was sent and its answer lost with the connection: whether it took cannot be told from here. */
  commitOutcomeUnknown(error: unknown): boolean {
    return this.commitSent && !this.committedOk && isConnectionFailure(error);
  }

  /** Rolls back when a transaction was begun and not committed; gives the connection back either way. */
  async end(error?: unknown): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (!this.beginning) return;
    const begun = await this.beginning.catch(() => null);
    if (!begun) return;
    if (!this.committedOk) await begun.client.query('ROLLBACK').catch(() => undefined);
    release(begun, error !== undefined && isConnectionFailure(error) ? error : undefined);
  }

  /** Runs the hooks for a committed unit (errors are reported, never thrown: the change is saved). */
  async committed(report: (error: unknown) => void): Promise<void> {
    await runHooks(this.commitHooks, report);
  }

  /** Runs the hooks for a unit that saved nothing. */
  async rolledBack(report: (error: unknown) => void): Promise<void> {
    await runHooks(this.rollbackHooks, report);
  }

  private async begin(statement?: string, onResult?: (result: QueryResult) => void): Promise<Begun> {
    const client = await this.pool.connect();
    // An error the server sends while no statement runs (it is stopping) fails the next statement, never the
    // process (a held connection has no other listener).
    const heard = (): void => undefined;
    client.on('error', heard);
    const begun: Begun = { client, unheard: () => client.removeListener('error', heard) };
    try {
      const answer = (await client.query(statement ? `BEGIN; ${statement}` : 'BEGIN')) as QueryResult | QueryResult[];
      onResult?.(Array.isArray(answer) ? answer[answer.length - 1] : answer);
      return begun;
    } catch (error) {
      // A statement that failed after BEGIN leaves the transaction open and aborted: end it before the
      // connection goes back to the pool.
      if (!isConnectionFailure(error)) await client.query('ROLLBACK').catch(() => undefined);
      release(begun, isConnectionFailure(error) ? error : undefined);
      throw error;
    }
  }
}

/** Gives the connection back; a connection that failed is dropped from the pool, not reused. */
function release(begun: Begun, failure: unknown): void {
  begun.unheard();
  begun.client.release(
    failure instanceof Error ? failure : failure === undefined ? undefined : new Error(String(failure)),
  );
}

async function runHooks(hooks: Hook[], report: (error: unknown) => void): Promise<void> {
  for (const hook of hooks.splice(0)) {
    try {
      await hook();
    } catch (error) {
      report(error);
    }
  }
}
