import { Controller, Get, Injectable, Optional } from '@nestjs/common';
import { COMMON_ERRORS } from '@kcf/contracts';
import { Access } from '../access/access.decorator';
import { AppError } from '../errors/app-error';
import { Database } from '../unit-of-work/database';

export type ReadinessCheck = () => Promise<void>;

/** Extra readiness checks a service registers (event bus connected, storage reachable, ...). */
@Injectable()
export class ReadinessChecks {
  private readonly checks = new Map<string, ReadinessCheck>();
  private stopping = false;
  /** The process is stopping: not ready any more, whatever the checks say. */
  markShuttingDown(): void {
    this.stopping = true;
  }
  get shuttingDown(): boolean {
    return this.stopping;
  }
  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }
  entries(): [string, ReadinessCheck][] {
    return [...this.checks.entries()];
  }
}

@Controller('health')
export class HealthController {
  constructor(
    private readonly checks: ReadinessChecks,
    /** The service's database, when it has one (UnitOfWorkModule): readiness asks it for a row. */
    @Optional() private readonly db?: Database,
  ) {}

  @Get('live')
  @Access('public')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Access('public')
  async ready(): Promise<{ status: 'ok'; checks: Record<string, 'ok'> }> {
    const results: Record<string, 'ok'> = {};
    if (this.checks.shuttingDown) throw AppError.of(COMMON_ERRORS.shuttingDown);
    try {
      if (this.db) {
        await this.db.read.one('SELECT 1');
        results.database = 'ok';
      }
      for (const [name, check] of this.checks.entries()) {
        await check();
        results[name] = 'ok';
      }
    } catch {
      throw AppError.of(COMMON_ERRORS.notReady);
    }
    return { status: 'ok', checks: results };
  }
}
