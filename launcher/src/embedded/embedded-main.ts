import { ConfigError } from '@kcf/server-kit';
import { PostgresSetupError } from './postgres-account';
import { startEmbedded, type EmbeddedApp } from './start-embedded';

/**
 * `npm start`: everything in this one process. Ctrl+C, SIGTERM or a closed terminal stops it cleanly: the
 * gateway and the services finish the requests in flight (SHUTDOWN_GRACE_MS), then PostgreSQL stops; the
 * data is kept. A second signal, or one while starting, ends the process at once (PostgreSQL is still
 * told to stop as it exits).
 */
const started = Date.now();
let app: EmbeddedApp | undefined;
let stopping = false;

function onSignal(signal: NodeJS.Signals): void {
  if (!app || stopping) {
    console.log(`${signal}: stopping now`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping…`);
  app.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

startEmbedded()
  .then((running) => {
    app = running;
    console.log(
      `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: open ${running.url.replace('0.0.0.0', 'localhost')}`,
    );
  })
  .catch((err: unknown) => {
    // What the operator must change is one line (or the list of wrong settings); anything else comes with its stack.
    const known = err instanceof PostgresSetupError || err instanceof ConfigError;
    console.error(
      `Could not start: ${err instanceof Error ? (known ? err.message : (err.stack ?? err.message)) : String(err)}`,
    );
    process.exit(1);
  });
