import path from 'node:path';
import { DEFAULT_SITE_PORT } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { BaseEnv, parseEnv, resolveFromCommand, siteUrlOf } from './env.ts';

describe('the settings both servers read', () => {
  it('keep the tracker data in the repository data folder by default, wherever a command runs', () => {
    const env = parseEnv(BaseEnv, {});
    expect(env.TRACKER_DATA_DIR).toBe(path.resolve(import.meta.dirname, '../../../data'));
  });

  it('take a relative path from where the command was typed', () => {
    expect(resolveFromCommand('./here', { INIT_CWD: '/srv/app' })).toBe('/srv/app/here');
    expect(resolveFromCommand('/abs/data', { INIT_CWD: '/srv/app' })).toBe('/abs/data');
  });

  it('refuse a malformed tracker API key, whichever server reads it', () => {
    expect(() => parseEnv(BaseEnv, { TRACKER_API_KEY: 'short' })).toThrow(/TRACKER_API_KEY/);
    expect(parseEnv(BaseEnv, { TRACKER_API_KEY: `acp_${'k'.repeat(24)}` }).TRACKER_API_KEY).toBe(
      `acp_${'k'.repeat(24)}`,
    );
  });

  it('name the front door, its port and Redis once', () => {
    const env = parseEnv(BaseEnv, {
      TRACKER_PUBLIC_PORT: '4001',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(env.TRACKER_PUBLIC_URL).toBe('http://localhost:3001');
    expect(env.TRACKER_PUBLIC_PORT).toBe(4001);
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it("give the site's address one default: the site on this machine at its port", () => {
    expect(siteUrlOf(parseEnv(BaseEnv, {}))).toBe(`http://localhost:${DEFAULT_SITE_PORT}`);
    expect(siteUrlOf(parseEnv(BaseEnv, {}), 4100)).toBe('http://localhost:4100');
    const set = parseEnv(BaseEnv, { SITE_URL: 'https://partners.example/' });
    expect(siteUrlOf(set)).toBe('https://partners.example');
    expect(siteUrlOf(set, 4100)).toBe('https://partners.example');
    expect(() => parseEnv(BaseEnv, { SITE_URL: 'javascript:alert(1)' })).toThrow(
      /SITE_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});
