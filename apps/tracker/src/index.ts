export { trackerApp } from './app.ts';
export { EnvSchema, resolveConfig, type TrackerConfig, type TrackerOptions } from './config.ts';
export { DataDirLockedError } from './lock.ts';
export type { MailMessage, MailTransport } from './mailer.ts';
export { nextSlot, type Weekday } from './schedule.ts';
export { addOperator } from './services/operators.ts';
export { JOIN_REQUEST_WARNINGS } from './services/users.ts';
export type { PhotoStorage } from './storage.ts';
export {
  createTestDatabase,
  type QuietSeat,
  seedQuietMember,
  type TestDatabase,
} from './testing.ts';
export { buildTracker, type RunningTracker, startTracker } from './tracker.ts';
