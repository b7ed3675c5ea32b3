import { describe, expect, it } from 'vitest';
import { type CachedAnswer, ReadCache } from './read-cache.ts';

const answer = (text: string): CachedAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(text),
});

function cacheWithClock(ttlMs = 1000, maxEntries = 10) {
  let now = 0;
  const cache = new ReadCache({ ttlMs, maxEntries, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('ReadCache', () => {
  it('serves a stored answer until its time is up, then asks again', () => {
    const { cache, advance } = cacheWithClock(1000);
    expect(cache.store('/teams', cache.ticket(), answer('a'))).toBe(true);
    advance(999);
    expect(cache.get('/teams')?.body.toString()).toBe('a');
    advance(1);
    expect(cache.get('/teams')).toBeUndefined();
  });

  it('keeps serving other visitors the cached answer after a session writes', () => {
    const { cache } = cacheWithClock();
    cache.store('/teams', cache.ticket(), answer('before'));
    cache.writeAnswered('writer');
    expect(cache.get('/teams')?.body.toString()).toBe('before');
    expect(cache.get('/teams', 'someone-else')?.body.toString()).toBe('before');
  });

  it('never serves a writer an answer read before its write was answered', () => {
    const { cache } = cacheWithClock();
    cache.store('/teams', cache.ticket(), answer('before'));
    const slow = cache.ticket(); // a read sent to the tracker before the write was answered
    cache.writeAnswered('writer');
    expect(cache.get('/teams', 'writer')).toBeUndefined();
    expect(cache.serves(slow, 'writer')).toBe(false);
    // That read lands: kept for the others, still not for the writer.
    expect(cache.store('/teams', slow, answer('slow'))).toBe(true);
    expect(cache.get('/teams', 'writer')).toBeUndefined();
    expect(cache.get('/teams', 'someone-else')?.body.toString()).toBe('slow');
    // The writer's own read, sent after the answer: served to it and kept for everyone.
    const fresh = cache.ticket();
    expect(cache.serves(fresh, 'writer')).toBe(true);
    expect(cache.store('/teams', fresh, answer('after'))).toBe(true);
    expect(cache.get('/teams', 'writer')?.body.toString()).toBe('after');
    expect(cache.get('/teams')?.body.toString()).toBe('after');
  });

  it('follows each write of a session: the second one hides the answer read after the first', () => {
    const { cache } = cacheWithClock();
    cache.writeAnswered('writer');
    cache.store('/teams', cache.ticket(), answer('after first'));
    expect(cache.get('/teams', 'writer')?.body.toString()).toBe('after first');
    cache.writeAnswered('writer');
    expect(cache.get('/teams', 'writer')).toBeUndefined();
  });

  it('does not let a slower, older read replace a newer answer', () => {
    const { cache } = cacheWithClock();
    const older = cache.ticket();
    const newer = cache.ticket();
    expect(cache.store('/teams', newer, answer('newer'))).toBe(true);
    expect(cache.store('/teams', older, answer('older'))).toBe(false);
    expect(cache.get('/teams')?.body.toString()).toBe('newer');
  });

  it('serves no one an answer whose read started more than ttlMs ago, writes or not', () => {
    const { cache, advance } = cacheWithClock(1000);
    const read = cache.ticket();
    advance(400); // the tracker was slow to answer: the age counts from the read's start
    cache.writeAnswered('writer');
    expect(cache.store('/teams', read, answer('a'))).toBe(true);
    advance(599);
    expect(cache.get('/teams', 'someone-else')?.body.toString()).toBe('a');
    advance(1);
    expect(cache.get('/teams', 'someone-else')).toBeUndefined();
    expect(cache.get('/teams')).toBeUndefined();
    // An answer already too old is not kept at all.
    const late = cache.ticket();
    advance(1000);
    expect(cache.store('/teams', late, answer('late'))).toBe(false);
  });

  it('forgets a writer once its write is older than every answer it could be served', () => {
    const { cache, advance } = cacheWithClock(1000);
    cache.writeAnswered('writer');
    expect(cache.hasWriters).toBe(true);
    advance(999);
    expect(cache.hasWriters).toBe(true);
    advance(1);
    expect(cache.hasWriters).toBe(false);
    cache.store('/teams', cache.ticket(), answer('a'));
    expect(cache.get('/teams', 'writer')?.body.toString()).toBe('a');
  });

  it('drops everything for a write with no session, and keeps no read that started before it', () => {
    const { cache } = cacheWithClock();
    cache.store('/teams', cache.ticket(), answer('before'));
    const slow = cache.ticket();
    cache.writeAnswered(null);
    expect(cache.get('/teams')).toBeUndefined();
    expect(cache.store('/teams', slow, answer('slow'))).toBe(false);
    expect(cache.store('/teams', cache.ticket(), answer('after'))).toBe(true);
    expect(cache.get('/teams', 'anyone')?.body.toString()).toBe('after');
  });

  it('drops everything rather than follow more writers than maxWriters', () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10, maxWriters: 2, now: () => 0 });
    cache.store('/teams', cache.ticket(), answer('before'));
    cache.writeAnswered('a');
    cache.writeAnswered('b');
    expect(cache.get('/teams')?.body.toString()).toBe('before');
    cache.writeAnswered('c');
    expect(cache.get('/teams')).toBeUndefined();
    for (const writer of ['a', 'b', 'c']) {
      expect(cache.serves(cache.ticket(), writer)).toBe(true);
    }
  });

  it('calls for a fresh answer once the kept one is half way through its time', () => {
    const { cache, advance } = cacheWithClock(1000);
    expect(cache.refreshDue('/teams')).toBe(false);
    cache.store('/teams', cache.ticket(), answer('a'));
    advance(499);
    expect(cache.refreshDue('/teams')).toBe(false);
    advance(1);
    expect(cache.refreshDue('/teams')).toBe(true);
    expect(cache.get('/teams')?.body.toString()).toBe('a');
    cache.store('/teams', cache.ticket(), answer('b'));
    expect(cache.refreshDue('/teams')).toBe(false);
  });

  it('holds at most maxEntries paths, dropping the oldest', () => {
    const { cache } = cacheWithClock(1000, 2);
    cache.store('/users/1', cache.ticket(), answer('1'));
    cache.store('/users/2', cache.ticket(), answer('2'));
    cache.store('/users/3', cache.ticket(), answer('3'));
    expect(cache.size).toBe(2);
    expect(cache.get('/users/1')).toBeUndefined();
    expect(cache.get('/users/3')?.body.toString()).toBe('3');
  });

  it('stores nothing with a time of 0', () => {
    const { cache } = cacheWithClock(0);
    expect(cache.enabled).toBe(false);
    expect(cache.store('/teams', cache.ticket(), answer('a'))).toBe(false);
    expect(cache.get('/teams')).toBeUndefined();
  });
});
