export { gatewayConfigSchema, parseGatewayConfig, remoteSources, REMOTE_NAMES } from './config';
export type { GatewayConfig, GatewayConfigInput, RemoteName, RemoteSource } from './config';
export { startGateway } from './gateway-app';
export type { RunningGateway, StartGatewayOptions } from './gateway-app';
export { createStaticHandler } from './static/static-files';
export type { StaticHandlerOptions } from './static/static-files';
export { parseStaticServerConfig, startStaticServer, staticServerConfigSchema } from './static/static-server';
export type { StaticServerConfig } from './static/static-server';
