export * from './data-request';
export * from './data-request-errors';
export * from './retention-review';
export * from './erasure-texts';
