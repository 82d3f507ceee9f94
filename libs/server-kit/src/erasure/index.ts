export * from './erasure-traces';
