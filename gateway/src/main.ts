import { parseGatewayConfig } from './config';
import { startGateway } from './gateway-app';

startGateway(parseGatewayConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
