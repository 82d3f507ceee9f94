export * from './roles';
export * from './grade-levels';
export * from './counties';
export * from './documents';
export * from './special-needs';
export * from './gifts';
export * from './categories';
export * from './terms';
