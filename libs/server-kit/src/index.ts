import 'reflect-metadata';

export * from './config/parse-config';
export * from './config/service-config';
export * from './context/user-context';
export * from './access/access.decorator';
export * from './access/access.guard';
export * from './access/route-inventory';
export * from './errors/app-error';
export * from './errors/global-exception.filter';
export * from './http/request-id';
export * from './http/zod-validation.pipe';
export * from './http/internal-client';
export * from './health/health.controller';
export * from './health/health.module';
export * from './database/ensure-database';
export * from './database/database.module';
export * from './app/bootstrap';
export * from './clock/clock';
