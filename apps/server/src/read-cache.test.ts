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

  it('forgets everything when a write starts and again when it settles', () => {
    const { cache } = cacheWithClock();
    cache.store('/teams', cache.ticket(), answer('a'));
    cache.writeStarted();
    expect(cache.get('/teams')).toBeUndefined();
    // Read while the write is under way: the answer may predate it, so it is not kept.
    expect(cache.store('/teams', cache.ticket(), answer('b'))).toBe(false);
    cache.writeSettled();
    expect(cache.get('/teams')).toBeUndefined();
    expect(cache.store('/teams', cache.ticket(), answer('c'))).toBe(true);
    expect(cache.get('/teams')?.body.toString()).toBe('c');
  });

  it('drops an answer whose read began before a write that has since settled', () => {
    const { cache } = cacheWithClock();
    const ticket = cache.ticket();
    cache.writeStarted();
    cache.writeSettled();
    expect(cache.store('/teams', ticket, answer('old'))).toBe(false);
    expect(cache.get('/teams')).toBeUndefined();
  });

  it('keeps caching off while any of several writes is still under way', () => {
    const { cache } = cacheWithClock();
    cache.writeStarted();
    cache.writeStarted();
    cache.writeSettled();
    expect(cache.store('/teams', cache.ticket(), answer('a'))).toBe(false);
    cache.writeSettled();
    expect(cache.store('/teams', cache.ticket(), answer('a'))).toBe(true);
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
