import { Inject, Injectable, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { readOutboxBacklog } from '../outbox/outbox-backlog';
import { processMetrics } from './metrics';

const OPTIONS = Symbol('ServiceMetricsOptions');

interface ServiceMetricsOptions {
  /** The `service` label (`svc-beneficiaries`). */
  service: string;
  dataSourceName: string;
}

/** The pg pool under TypeORM's postgres driver. */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Registers what a service's metrics read when scraped: its outbox backlog and its database pool. */
@Injectable()
class ServiceMetricsSources implements OnApplicationBootstrap, OnApplicationShutdown {
  private remove: (() => void) | null = null;

  constructor(
    @Inject(OPTIONS) private readonly options: ServiceMetricsOptions,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const dataSource = this.moduleRef.get<DataSource>(getDataSourceToken(this.options.dataSourceName), { strict: false });
    const metrics = processMetrics();
    const labels = { service: this.options.service };
    this.remove = metrics.addSource(async () => {
      const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
      if (pool) {
        metrics.dbPool.set({ ...labels, state: 'total' }, pool.totalCount);
        metrics.dbPool.set({ ...labels, state: 'idle' }, pool.idleCount);
        metrics.dbPool.set({ ...labels, state: 'waiting' }, pool.waitingCount);
      }
      if (!dataSource.isInitialized) return;
      const backlog = await readOutboxBacklog(dataSource);
      metrics.outboxBacklog.set(labels, backlog.unsent);
      metrics.outboxOldestAge.set(labels, backlog.oldestAgeSeconds);
    });
  }

  onApplicationShutdown(): void {
    this.remove?.();
    this.remove = null;
  }
}

@Module({})
export class ServiceMetricsModule {
  static forRoot(options: ServiceMetricsOptions): DynamicModule {
    return { module: ServiceMetricsModule, providers: [{ provide: OPTIONS, useValue: options }, ServiceMetricsSources] };
  }
}
