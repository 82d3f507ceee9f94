import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { drainConnections } from '../http/drain-connections';
import { ReadinessChecks } from './health.controller';

export interface ShutdownSettings {
  /** Longest wait for requests in flight once the listener is closed; then their connections are cut (default 20 s). */
  graceMs: number;
  /** Time between answering not-ready and closing the listener, for load balancers to notice (default 0). */
  delayMs: number;
}

export const DEFAULT_SHUTDOWN: ShutdownSettings = { graceMs: 20_000, delayMs: 0 };

/** Work to do once the last request has been answered, before the database closes (flush the outbox). */
export type AfterRequestsStep = () => Promise<void>;

/**
 * A graceful stop (SIGTERM, or close()), before any module lets go of what it holds: readiness answers 503
 * from now on and answers carry `Connection: close` so kept-alive clients move on; after `delayMs` the
 * listener closes and the requests in flight finish (at most `graceMs`, then their connections are cut);
 * then the registered steps run (the messaging module stops its consumers and publishes what those
 * requests committed). Only then do the modules' own shutdown hooks close the database and the bus.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private settings: ShutdownSettings = DEFAULT_SHUTDOWN;
  private readonly steps: AfterRequestsStep[] = [];

  constructor(
    private readonly readiness: ReadinessChecks,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  configure(settings: Partial<ShutdownSettings>): void {
    this.settings = { ...this.settings, ...settings };
  }

  /** Runs `step` after the last request of a stop has been answered. */
  afterRequests(step: AfterRequestsStep): void {
    this.steps.push(step);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.readiness.markShuttingDown();
    if (this.settings.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.settings.delayMs));
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server?.listening) {
      await drainConnections(server, this.settings.graceMs);
      this.logger.log('Every request in flight has been answered');
    }
    for (const step of this.steps.splice(0)) {
      await step().catch((error: unknown) =>
        this.logger.warn(`Shutdown step failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}
