import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config.ts';

const config = (env: Record<string, string>) => resolveConfig({ dataDir: '/tmp/unused', env });

describe('the tracker configuration', () => {
  it('takes PG_POOL_MAX of 2 or more, and says so for less', () => {
    expect(config({}).pgPoolMax).toBe(10);
    expect(config({ PG_POOL_MAX: '2' }).pgPoolMax).toBe(2);
    expect(() => config({ PG_POOL_MAX: '1' })).toThrow('PG_POOL_MAX: a whole number of at least 2');
    expect(() => config({ PG_POOL_MAX: '0' })).toThrow('PG_POOL_MAX');
    expect(() => config({ PG_POOL_MAX: '2.5' })).toThrow('PG_POOL_MAX');
  });
});
