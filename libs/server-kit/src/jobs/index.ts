export * from './repeating-pass';
