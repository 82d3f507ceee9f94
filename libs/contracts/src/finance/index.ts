export * from './amounts';
export * from './income';
export * from './expense';
export * from './budget';
export * from './budget-report';
export * from './list-query';
export * from './transaction-list';
export * from './stats';
