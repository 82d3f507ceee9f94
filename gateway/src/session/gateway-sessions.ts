import { Logger } from '@nestjs/common';
import type { InternalClient } from '@kcf/server-kit/http';
import { NatsSessionRevocations, type SessionRevocations } from '@kcf/server-kit/sessions';
import type { GatewayConfig } from '../config';
import { SessionResolver } from './session-resolver';

export type { SessionRevocations };

export interface GatewaySessions {
  resolver: SessionResolver;
  /** Stops listening; closes the NATS connection when this gateway made it. */
  close(): Promise<void>;
}

/**
 * The gateway's session lookup and the channel its cache listens on: the channel given (the one-process
 * mode shares one with identity), else NATS when `NATS_URL` is set, else none, and then nothing is cached
 * (`SESSION_CACHE_MS` acts as 0): with several processes and no channel a cached session could outlive
 * its end. The NATS connection is made in the background: the gateway starts (and answers, without a
 * cache) while NATS cannot be reached.
 */
export function createGatewaySessions(
  config: Pick<GatewayConfig, 'SESSION_CACHE_MS' | 'SESSION_CACHE_SIZE' | 'NATS_URL' | 'NATS_SUBJECT_PREFIX'>,
  identity: InternalClient,
  shared?: SessionRevocations,
): GatewaySessions {
  let own: NatsSessionRevocations | undefined;
  if (!shared && config.NATS_URL && config.SESSION_CACHE_MS > 0) {
    const logger = new Logger('SessionNotices');
    own = NatsSessionRevocations.open({
      servers: config.NATS_URL,
      subjectPrefix: config.NATS_SUBJECT_PREFIX,
      connectionName: 'gateway-session-notices',
      logger: { warn: (m) => logger.warn(m) },
    });
  }
  const resolver = new SessionResolver(identity, {
    cacheMs: config.SESSION_CACHE_MS,
    cacheSize: config.SESSION_CACHE_SIZE,
    revocations: shared ?? own,
  });
  return {
    resolver,
    async close() {
      resolver.close();
      await own?.close();
    },
  };
}
