export * from './derive.ts';
export * from './machine.ts';
export * from './names.ts';
export * from './states.ts';
