import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { currentLogContext } from './log-context';

/** The levels of LOG_LEVEL (Nest's names), most severe first. */
export type LogLevelName = 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose';

const PINO_LEVELS: Record<LogLevelName, pino.Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Header and field names whose values never reach a log line, wherever they appear (one level deep). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'set-cookie',
  'x-kcf-user',
  'x-kcf-signature',
  'idempotency-key',
  // A child's or guardian's name is never logged.
  'firstName',
  'lastName',
  'otherNames',
  'fullName',
  'guardianName',
  'name',
];

/** Redaction paths: the secret fields at the top, one level down, and in request/response headers and bodies. */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.map((field) => `["${field}"]`),
  ...SECRET_FIELDS.map((field) => `*["${field}"]`),
  ...['req.headers', 'res.headers', 'headers', 'req.body', 'body'].flatMap((parent) =>
    SECRET_FIELDS.map((field) => `${parent}["${field}"]`),
  ),
  'req.body',
  'body',
];

let destination: DestinationStream | null = null;

/** Where every logger made from now on writes (stdout unless set; tests collect the lines). */
export function setLogDestination(stream: DestinationStream | null): void {
  destination = stream;
}

function processDestination(): DestinationStream {
  destination ??= pino.destination({ dest: 1, sync: false });
  return destination;
}

/**
 * A JSON logger for one part of the process (a service or the gateway): each line has its level, time,
 * service and, while a request or an event is handled, the request id, the user id and the consumer.
 */
export function createLogger(service: string, level: LogLevelName = 'warn'): PinoLogger {
  return pino(
    {
      level: PINO_LEVELS[level],
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      mixin: () => {
        const context = currentLogContext();
        if (!context) return { service };
        return {
          service: context.service,
          requestId: context.requestId,
          userId: context.req?.user?.userId,
          consumer: context.consumer,
        };
      },
    },
    processDestination(),
  );
}

export function pinoLevelOf(level: LogLevelName): pino.Level {
  return PINO_LEVELS[level];
}
