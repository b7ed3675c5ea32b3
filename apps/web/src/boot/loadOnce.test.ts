import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './loadOnce.ts';

describe('loadOnce', () => {
  it('fetches once for every caller, and keeps what it fetched', async () => {
    const fetch = vi.fn(() => Promise.resolve({ name: 'chunk' }));
    const chunk = loadOnce(fetch);
    expect(chunk.loaded()).toBeNull();
    const [first, second] = await Promise.all([chunk.load(), chunk.load()]);
    expect(first).toBe(second);
    expect(chunk.loaded()).toBe(first);
    await chunk.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches again when asked after a failed fetch', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('chunk');
    const chunk = loadOnce(fetch);
    await expect(chunk.load()).rejects.toThrow('Failed to fetch');
    expect(chunk.loaded()).toBeNull();
    await expect(chunk.load()).resolves.toBe('chunk');
    expect(chunk.loaded()).toBe('chunk');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('takes what was loaded some other way, and then fetches nothing', async () => {
    const fetch = vi.fn(() => Promise.resolve('fetched'));
    const chunk = loadOnce(fetch);
    chunk.provide('provided');
    expect(chunk.loaded()).toBe('provided');
    await expect(chunk.load()).resolves.toBe('provided');
    expect(fetch).not.toHaveBeenCalled();
  });
});
