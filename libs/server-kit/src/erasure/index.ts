export * from './erasure-traces';
export * from './erasure-texts';
export * from './erasure-vacuum';
export * from './erased-objects';
