import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** Settings every NestJS service shares. Each service extends this with its own. */
export const baseServiceConfigShape = {
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url({ message: 'DATABASE_URL must be a postgres:// URL' }),
  /** Absent: the in-process event bus (only valid when every service runs in one process). */
  NATS_URL: z.string().optional(),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('KCF_EVENTS'),
  /** First token of every event subject (tests and side-by-side deployments use their own). */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .default('kcf'),
  /** HMAC key shared by the gateway and the services for the signed user context. */
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('warn'),
  /** Port of the Prometheus metrics (GET /metrics, on HOST); 0 or unset: none. */
  METRICS_PORT: port(0),
  DATA_DIR: z.string().default('.data'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  /** How long an Idempotency-Key's answer is kept (at least a day). */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(24).default(24),
  /** Audit entries older than this many days are removed (a signed checkpoint keeps the chain verifiable); about 7 years. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(2557),
  /**
   * Benchmarks only (`npm run bench` compares the same routes with and without the trail in one run): the
   * service records no audit entries and warns so at start. Refused unless NODE_ENV=benchmark (auditRecordingOf).
   */
  BENCHMARK_WITHOUT_AUDIT: bool(false),
  /** Only `benchmark` allows the settings meant for benchmarks. */
  NODE_ENV: z.string().default('development'),
  /** On SIGTERM: how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /** On SIGTERM: how long readiness answers 503 before the listener closes (for load balancers). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
};

/** Object storage: S3/MinIO when S3_ENDPOINT is set, else local disk under DATA_DIR/files. */
export const storageConfigShape = {
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().min(3).default('kcf-files'),
  S3_REGION: z.string().default('us-east-1'),
};

export const configHelpers = { port, bool };

export const baseServiceConfig = z.object(baseServiceConfigShape);
export type BaseServiceConfig = z.infer<typeof baseServiceConfig>;
