import { siteUrlOf } from '@app/server-kit';
import { resolveConfig } from '@app/tracker';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('runs with nothing set: port 3000, embedded tracker, data and web app under the repository', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.TRACKER_API_URL).toBeUndefined();
    expect(env.TRACKER_DATA_DIR).toMatch(/\/data$/);
    expect(env.WEB_DIST).toMatch(/\/apps\/web\/dist$/);
  });

  it('treats empty variables as unset, as .env.example leaves them', () => {
    const env = loadEnv({ PORT: '', TRACKER_API_URL: '', SESSION_SECRET: '  ' });
    expect(env.PORT).toBe(3000);
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it('resolves relative paths from where the command was typed', () => {
    const env = loadEnv({ INIT_CWD: '/srv/site', TRACKER_DATA_DIR: './state' });
    expect(env.TRACKER_DATA_DIR).toBe('/srv/site/state');
  });

  it('names each bad variable', () => {
    const attempt = () =>
      loadEnv({ PORT: 'eighty', TRACKER_API_URL: 'not a url', SESSION_SECRET: 'short' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/TRACKER_API_URL/);
    expect(attempt).toThrow(/SESSION_SECRET: must be at least 32 characters/);
  });

  it('requires the key of a remote tracker', () => {
    expect(() => loadEnv({ TRACKER_API_URL: 'https://tracker.example' })).toThrow(
      /TRACKER_API_KEY: is required when TRACKER_API_URL is set/,
    );
  });

  it('splits and checks the extra allowed origins', () => {
    expect(
      loadEnv({ ALLOWED_ORIGINS: 'http://localhost:5173, https://a.example' }).ALLOWED_ORIGINS,
    ).toEqual(['http://localhost:5173', 'https://a.example']);
    expect(() => loadEnv({ ALLOWED_ORIGINS: 'localhost' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it("means by SITE_URL what a tracker on its own means, with one default: the site's address", () => {
    const readings = (variables: Record<string, string>) => {
      const env = loadEnv(variables);
      return { site: siteUrlOf(env, env.PORT), tracker: resolveConfig({ env: variables }).siteUrl };
    };
    expect(readings({})).toEqual({
      site: 'http://localhost:3000',
      tracker: 'http://localhost:3000',
    });
    expect(readings({ SITE_URL: 'https://partners.example/' })).toEqual({
      site: 'https://partners.example',
      tracker: 'https://partners.example',
    });
    // A site on another port links to itself; a tracker elsewhere is told the address.
    expect(readings({ PORT: '4100' }).site).toBe('http://localhost:4100');
    for (const read of [
      () => loadEnv({ SITE_URL: 'ftp://x' }),
      () => resolveConfig({ env: { SITE_URL: 'ftp://x' } }),
    ]) {
      expect(read).toThrow(/SITE_URL: must be an http:\/\/ or https:\/\/ URL/);
    }
  });
});
