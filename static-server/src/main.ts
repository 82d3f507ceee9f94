import { parseStaticServerConfig, startStaticServer } from './static-server';

/** A standalone static server for one remote's build: PORT, HOST, STATIC_DIR. */
async function main(): Promise<void> {
  const config = parseStaticServerConfig();
  const running = await startStaticServer(config);
  console.log(`Serving ${config.STATIC_DIR} on ${running.url}`);
  const stop = (): void => {
    running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
