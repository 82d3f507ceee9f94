import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

/** Removes a test run's JetStream stream from the shared NATS server. */
export async function deleteStream(name: string, servers = 'nats://127.0.0.1:4222'): Promise<void> {
  const nc = await connect({ servers });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}
