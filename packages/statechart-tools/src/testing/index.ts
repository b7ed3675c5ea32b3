export * from './coverage.ts';
export * from './dead-ends.ts';
export * from './model.ts';
export * from './pairs.ts';
export * from './replay.ts';
export * from './transition-id.ts';
