export * from './calendar.ts';
export * from './constants.ts';
export * from './image.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './text.ts';
export * from './zoned-time.ts';
