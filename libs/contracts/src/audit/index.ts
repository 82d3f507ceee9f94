export * from './audit-entry';
export * from './audit-internal';
export * from './audit-labels';
export * from './audit-lines';
export * from './audit-record-label';
