/**
 * Replay files: a path saved as the list of its events, `{ "events": [...] }`, which
 * `pnpm test:paths --replay FILE` replays at the machine level and in Chromium.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ModelEvent } from './events.ts';

/** The events of a replay file (`{ "events": [...] }`, or the bare list). */
export function readReplay(file: string): ModelEvent[] {
  const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const events =
    typeof saved === 'object' && saved !== null && 'events' in saved && Array.isArray(saved.events)
      ? saved.events
      : saved;
  if (!Array.isArray(events)) throw new Error(`${file}: expected a list of events`);
  return events;
}

/** Saves events as a replay file (its folder made if need be); returns the file. */
export function writeReplay(file: string, events: readonly ModelEvent[]): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ events }, null, 2)}\n`);
  return file;
}
