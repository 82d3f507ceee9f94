export * from './terms';
export * from './age';
export * from './budget';
export * from './passwords';
export * from './text';
export * from './relative-time';
export * from './expense-balance';
