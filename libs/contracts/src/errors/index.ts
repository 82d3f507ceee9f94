export * from './catalogue';
export * from './common-errors';
export * from './beneficiaries-errors';
export * from './finance-errors';
export * from './identity-errors';
