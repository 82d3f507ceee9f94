import 'reflect-metadata';

// Everything, for the services (they import the root). A process that needs less imports a topic
// (package.json "exports"): the gateway takes `http` and `sessions` and loads no database, bus or storage client.
export * from './http';
export * from './database';
export * from './messaging';
export * from './audit';
export * from './storage';
export * from './sessions';
export * from './net/free-port';
export * from './health/health.controller';
export * from './health/health.module';
export * from './health/graceful-shutdown';
export * from './app/bootstrap';
export * from './app/service-modules';
export * from './clock/clock';
export * from './erasure';
export * from './jobs';
export * from './files';
