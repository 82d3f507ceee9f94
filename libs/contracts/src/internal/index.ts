export * from './endpoints';
export * from './contract-header';
