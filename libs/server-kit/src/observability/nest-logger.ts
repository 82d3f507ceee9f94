import { Logger, type LoggerService } from '@nestjs/common';
import type { Logger as PinoLogger } from 'pino';
import { createLogger, type LogLevelName } from './logger';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's logger on pino: every `Logger` call of an app (and Nest's own lines) becomes one JSON line with
 * the caller's context (`new Logger('Messaging')`) as `context`.
 */
export class PinoNestLogger implements LoggerService {
  readonly pino: PinoLogger;

  constructor(service: string, level: LogLevelName = 'warn') {
    this.pino = createLogger(service, level);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    // Nest passes (message, stack?, context?).
    if (!this.pino.isLevelEnabled('error')) return;
    const context =
      params.length > 0 && typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    const stack = typeof params[0] === 'string' ? params[0] : undefined;
    this.emit('error', message, { context, stack });
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  private write(method: Method, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(method)) return;
    const context = typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    this.emit(method, message, { context });
  }

  private emit(method: Method, message: unknown, fields: { context?: string; stack?: string }): void {
    if (message instanceof Error) {
      this.pino[method]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[method]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      this.pino[method](fields, String(message));
    }
  }
}

/**
 * Makes `name` the logger of every Nest `Logger` in the process (the one-process mode, after its apps are
 * made: they share Nest's one static logger): a line written while a request or an event is handled still
 * names its service; any other line names the process.
 */
export function useProcessLogger(name: string, level: LogLevelName): void {
  Logger.overrideLogger(new PinoNestLogger(name, level));
}
