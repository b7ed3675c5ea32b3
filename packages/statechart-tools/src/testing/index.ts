export * from './coverage.ts';
export * from './model.ts';
export * from './transition-id.ts';
