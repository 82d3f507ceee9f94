import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while a request or an event is handled says about it. */
export interface LogContext {
  /** The process part handling it (in the one-process mode several share one process). */
  service: string;
  requestId?: string;
  /** The request, whose signed user is known once the access guard has run. */
  req?: { user?: { userId?: string } };
  /** The consumer handling an event. */
  consumer?: string;
}

const contexts = new AsyncLocalStorage<LogContext>();

export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return contexts.run(context, work);
}

export function currentLogContext(): LogContext | undefined {
  return contexts.getStore();
}

/** The id of the request being handled (or of the one that caused the event being handled). */
export function currentRequestId(): string | undefined {
  return contexts.getStore()?.requestId;
}
