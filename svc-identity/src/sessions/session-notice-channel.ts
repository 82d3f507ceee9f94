import { Logger } from '@nestjs/common';
import { InProcessSessionRevocations, NatsSessionRevocations, type SessionRevocations } from '@kcf/server-kit';
import type { IdentityConfig } from '../config';
import type { SessionNoticeChannel } from './session-notices';

/**
 * Where the session notices go: the channel given (one-process mode), else NATS core when NATS_URL is set
 * (waiting, like the event bus, until the server is reached), else a channel inside this process that no
 * gateway hears (a lone identity in tests).
 */
export async function sessionNoticeChannel(
  config: IdentityConfig,
  given: SessionRevocations | undefined,
): Promise<SessionNoticeChannel> {
  if (given) return { channel: given, owned: false };
  if (!config.NATS_URL) return { channel: new InProcessSessionRevocations(), owned: true };
  const logger = new Logger('SessionNotices');
  const channel = NatsSessionRevocations.open({
    servers: config.NATS_URL,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    connectionName: 'identity-session-notices',
    logger: { warn: (m) => logger.warn(m) },
  });
  await channel.ready();
  return { channel, owned: true };
}
