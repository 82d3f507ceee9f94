export * from './user';
export * from './login';
export * from './create-user';
export * from './passwords';
export * from './list-query';
