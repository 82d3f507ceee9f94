import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { readOutboxBacklog } from '../messaging/outbox-backlog';
import { Database } from '../unit-of-work/database';
import { processMetrics } from './metrics';

const OPTIONS = Symbol('ServiceMetricsOptions');

interface ServiceMetricsOptions {
  /** The `service` label (`svc-beneficiaries`). */
  service: string;
}

/** Registers what a service's metrics read when scraped: its outbox backlog and its database pool. */
@Injectable()
class ServiceMetricsSources implements OnApplicationBootstrap, OnApplicationShutdown {
  private remove: (() => void) | null = null;

  constructor(
    @Inject(OPTIONS) private readonly options: ServiceMetricsOptions,
    private readonly db: Database,
  ) {}

  onApplicationBootstrap(): void {
    const metrics = processMetrics();
    const labels = { service: this.options.service };
    this.remove = metrics.addSource(async () => {
      const pool = this.db.poolState();
      metrics.dbPool.set({ ...labels, state: 'total' }, pool.total);
      metrics.dbPool.set({ ...labels, state: 'idle' }, pool.idle);
      metrics.dbPool.set({ ...labels, state: 'waiting' }, pool.waiting);
      const backlog = await readOutboxBacklog(this.db);
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
    return {
      module: ServiceMetricsModule,
      providers: [{ provide: OPTIONS, useValue: options }, ServiceMetricsSources],
    };
  }
}
