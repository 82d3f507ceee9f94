export * from './income';
export * from './expense';
export * from './budget';
export * from './stats';
