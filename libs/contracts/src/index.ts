export * from './auth/access';
