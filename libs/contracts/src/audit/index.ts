export * from './audit-entry';
export * from './audit-internal';
export * from './audit-labels';
