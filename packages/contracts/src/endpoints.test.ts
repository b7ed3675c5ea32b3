import { describe, expect, it } from 'vitest';
import { PROXY_PREFIX, pathOf, successStatus, TRACKER_READS } from './endpoints.ts';
import { ERROR_CODES, ERROR_STATUS } from './errors.ts';
import { PROXIED_READS, SITE_API } from './site-api.ts';
import { TRACKER_API } from './tracker-api.ts';

describe('the endpoint tables', () => {
  it('pass each proxied read through at the proxy prefix plus its tracker path, unchanged', () => {
    expect(PROXIED_READS.map((read) => read.url)).toEqual(
      Object.values(TRACKER_READS).map((read) => `${PROXY_PREFIX}${read.url}`),
    );
    for (const read of PROXIED_READS) {
      expect(read.method).toBe('GET');
      expect(read.schema).toBe(read.proxies.schema);
      expect(Object.values(TRACKER_API)).toContain(read.proxies);
    }
  });

  it('name each method and path once per server', () => {
    for (const table of [SITE_API, TRACKER_API]) {
      const keys = Object.values(table).map((endpoint) => `${endpoint.method} ${endpoint.url}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('fill a path with its parameters, encoded, and refuse one that is missing', () => {
    expect(pathOf(TRACKER_API.getOwnUser, { id: 7 })).toBe('/users/7/own');
    expect(pathOf(SITE_API.releaseHold, { id: 'a/b' })).toBe('/api/holds/a%2Fb');
    expect(() => pathOf(SITE_API.getTeam)).toThrow('/api/proxy/teams/:id needs its id');
  });

  it('answer each endpoint with one success status', () => {
    expect(successStatus(SITE_API.createUser)).toBe(201);
    expect(successStatus(TRACKER_API.releaseHold)).toBe(204);
    expect(successStatus(SITE_API.getStatus)).toBe(200);
  });

  it('give every error code its own name and one status', () => {
    for (const [code, name] of Object.entries(ERROR_CODES)) expect(name).toBe(code);
    expect(ERROR_STATUS[ERROR_CODES.EMAIL_TAKEN]).toBe(409);
    expect(ERROR_STATUS[ERROR_CODES.HOLD_EXPIRED]).toBe(410);
  });
});
