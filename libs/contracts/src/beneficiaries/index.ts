export * from './beneficiary';
export * from './beneficiary-body';
export * from './list-query';
export * from './household';
export * from './school';
export * from './documents';
export * from './special-needs';
export * from './gifts';
