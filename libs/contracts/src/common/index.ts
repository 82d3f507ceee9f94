export * from './ids';
export * from './dates';
export * from './money';
export * from './fields';
export * from './api-error';
export * from './pagination';
export * from './files';
export * from './messages';
