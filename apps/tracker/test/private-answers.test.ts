import * as contracts from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { browser, useTestFrontDoor } from './door.ts';
import { signUp } from './helpers.ts';

const front = useTestFrontDoor();

/**
 * Every call of the front door's API, from every endpoint table in the contracts (the site's own
 * table excepted: that is the other origin's), so a table added later is covered too.
 */
function frontDoorEndpoints(): { name: string; method: string; url: string }[] {
  const found = new Map<string, { name: string; method: string; url: string }>();
  for (const [tableName, table] of Object.entries(contracts)) {
    if (table === contracts.SITE_API || table === null || typeof table !== 'object') continue;
    for (const [name, endpoint] of Object.entries(table)) {
      if (endpoint === null || typeof endpoint !== 'object') continue;
      const { method, url } = endpoint as { method?: unknown; url?: unknown };
      if (typeof method !== 'string' || typeof url !== 'string') continue;
      if (!url.startsWith(`${contracts.MEMBER_API_PREFIX}/`)) continue;
      found.set(`${method} ${url}`, { name: `${tableName}.${name}`, method, url });
    }
  }
  return [...found.values()];
}

describe('private answers on the front door', () => {
  it('answers every API call of a signed-in member with Cache-Control: no-store', async () => {
    const user = await signUp(front.tracker, { teamId: 2 });
    const member = browser(front.door);
    expect((await member.signIn(user.email, user.password)).statusCode).toBe(200);
    // A private answer that goes out whole, with the member's own data in it.
    const home = await member.send({ method: 'GET', url: '/api/me/home' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-store');
    // The calls that end sessions last, so the others are answered to a signed-in member.
    const endsSessions = ({ method, url }: { method: string; url: string }) =>
      method === 'DELETE' && url.startsWith('/api/session');
    const endpoints = frontDoorEndpoints().sort(
      (a, b) => Number(endsSessions(a)) - Number(endsSessions(b)),
    );
    expect(endpoints.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { name, method, url } of endpoints) {
      const path = url
        .replace(':teamId', '2')
        .replace(':userId', String(user.id))
        .replace(':day', '2026-11-02')
        .replace(/:\w+/g, '1');
      const answer = await member.send({
        method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: path,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (answer.headers['cache-control'] !== 'no-store') {
        missing.push(
          `${name} ${method} ${path}: ${answer.statusCode} ${answer.headers['cache-control']}`,
        );
      }
    }
    expect(missing).toEqual([]);
  });
});
