import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { COMMON_ERRORS } from '@kcf/contracts';
import { Access } from '@kcf/server-kit/http';
import type { GatewayLifecycle } from '../lifecycle/graceful-shutdown';
import { GATEWAY_LIFECYCLE, READINESS_PROBES } from '../tokens';
import type { ReadinessProbe } from './readiness-probes';

@Controller('health')
export class GatewayHealthController {
  constructor(
    @Inject(READINESS_PROBES) private readonly probes: ReadinessProbe[],
    @Inject(GATEWAY_LIFECYCLE) private readonly lifecycle: GatewayLifecycle,
  ) {}

  @Get('live')
  @Access('public')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready when every upstream says it is (the body names the ones that are not), and not shutting down. */
  @Get('ready')
  @Access('public')
  @Header('Cache-Control', 'no-store')
  async ready(
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ status: 'ok' | 'unavailable'; checks: Record<string, 'ok' | 'unavailable'>; message?: string }> {
    if (this.lifecycle.closing) {
      res.status(503);
      return { status: 'unavailable', message: COMMON_ERRORS.shuttingDown.message(), checks: {} };
    }
    const results = await Promise.all(
      this.probes.map(async (p) => [p.name, (await p.check()) ? 'ok' : 'unavailable'] as const),
    );
    const checks = Object.fromEntries(results);
    const ready = results.every(([, r]) => r === 'ok');
    if (!ready) {
      res.status(503);
      return { status: 'unavailable', message: COMMON_ERRORS.notReady.message(), checks };
    }
    return { status: 'ok', checks };
  }
}
