export { UnitOfWork, type ExecuteOptions, type UnitOfWorkOptions } from './unit-of-work';
export { WorkScope, WorkAbortedError } from './work-scope';
export { UnitOfWorkInterceptor } from './unit-of-work.interceptor';
export { UnitOfWorkModule, type UnitOfWorkModuleOptions } from './unit-of-work.module';
export { isConnectionFailure, isRetriableDatabaseFailure } from './database-failures';
export { DEFAULT_RETRY_SCHEDULE, retryDelay, type RetrySchedule } from './retry-schedule';
export { Database } from './database';
