export { gatewayConfigSchema, parseGatewayConfig, remoteSources, REMOTE_NAMES } from './config';
export type { GatewayConfig, GatewayConfigInput, RemoteName, RemoteSource } from './config';
export { startGateway } from './gateway-app';
export type { RunningGateway, StartGatewayOptions } from './gateway-app';
