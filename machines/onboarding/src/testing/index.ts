export * from './model.ts';
export * from './transition-id.ts';
