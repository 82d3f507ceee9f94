/**
 * `@kcf/server-kit/http`: what every process that answers HTTP uses, the gateway as well as the services —
 * config from the environment, the signed user context, `@Access` and the guard, errors and their filter,
 * validation with the contracts' schemas, calls of the `INTERNAL` table, request ids, logs and metrics.
 * It loads no database, bus or object-storage client (the gateway's test `gateway-dependencies.spec.ts` keeps it so).
 */
import 'reflect-metadata';

export * from '../config/parse-config';
export * from '../config/service-config';
export * from '../context/user-context';
export { actorOf } from '../audit/audit-request';
export * from '../access/access.decorator';
export * from '../access/access.guard';
export * from '../access/route-inventory';
export * from '../errors/app-error';
export * from '../errors/global-exception.filter';
export * from './request-id';
export * from './zod-validation.pipe';
export * from './internal-client';
export * from './internal-route';
export * from './drain-connections';
export * from '../observability';
