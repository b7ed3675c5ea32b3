/**
 * Replay files: a path saved as the list of its events, `{ "events": [...] }`, which
 * `pnpm test:paths --replay FILE` replays at the machine level and in Chromium (the events are
 * the model's own: checking them is the model's work, `pathFromEvents`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventObject } from 'xstate';

/** The events of a replay file (`{ "events": [...] }`, or the bare list). */
export function readReplay<TEvent extends EventObject = EventObject>(file: string): TEvent[] {
  const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const events =
    typeof saved === 'object' && saved !== null && 'events' in saved && Array.isArray(saved.events)
      ? saved.events
      : saved;
  if (!Array.isArray(events)) throw new Error(`${file}: expected a list of events`);
  return events;
}

/** Saves events as a replay file (its folder made if need be); returns the file. */
export function writeReplay(file: string, events: readonly EventObject[]): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ events }, null, 2)}\n`);
  return file;
}
