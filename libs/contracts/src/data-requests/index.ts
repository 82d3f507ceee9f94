export * from './data-request';
export * from './data-request-errors';
