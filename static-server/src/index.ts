// Serving built browser files over plain Node http: the gateway uses the file handler and the helpers
// below; `main.ts` is a remote's own static server.
export { createStaticHandler } from './static-files';
export type { StaticHandlerOptions } from './static-files';
export { REVALIDATE } from './cache-policy';
export { contentVersion, VERSION_PARAM } from './content-version';
export { acceptedEncodings } from './compression/accept-encoding';
export type { Encoding } from './compression/accept-encoding';
export { createCompressor } from './compression/compressor';
export { varyOnAcceptEncoding } from './compression/vary';
export { sendJson } from './json-response';
export { parseStaticServerConfig, startStaticServer, staticServerConfigSchema } from './static-server';
export type { Env, StaticServerConfig } from './static-server';
