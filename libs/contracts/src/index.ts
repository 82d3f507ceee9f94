export * from './auth/access';
export * from './common';
export * from './enums';
export * from './rules';
export * from './users';
export * from './beneficiaries';
export * from './finance';
export * from './events';
