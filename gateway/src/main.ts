import { parseGatewayConfig } from './config';
import { startGateway } from './gateway-app';

/** `node gateway/dist/main.js`: the public origin in front of separately running services. */
async function main(): Promise<void> {
  await startGateway(parseGatewayConfig());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
