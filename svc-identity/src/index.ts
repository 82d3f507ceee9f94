export { identityConfigSchema, parseIdentityConfig, type IdentityConfig } from './config';
export { startIdentityService } from './start';
export { IdentityModule, IDENTITY_MIGRATIONS } from './app.module';
