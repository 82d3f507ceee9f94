import { startEmbedded } from './start-embedded';

/** `npm start`: everything in this one process; Ctrl+C stops it cleanly and keeps the data. */
const started = Date.now();
startEmbedded()
  .then((app) => {
    console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: open ${app.url.replace('0.0.0.0', 'localhost')}`);
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping…`);
      app.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
  })
  .catch((err: unknown) => {
    console.error(`Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  });
