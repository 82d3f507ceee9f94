export { uniqueName } from './unique-name';
/** The launcher's port helper, for the tests' servers. */
export { freePort } from '@kcf/server-kit';
export { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database';
export { startS3rver, type TestS3Server, type StartS3rverOptions } from './s3rver';
export { startNatsServer, type TestNatsServer, type StartNatsServerOptions } from './nats-server';
export { dropDatabasesWithPrefix, deleteJetStreamStream } from './cleanup';
export { startPostgresServer, type TestPostgresServer } from './postgres-server';
export { rowsHolding, rowVersionsHolding, type FoundText, type TextSearch } from './stored-texts';
