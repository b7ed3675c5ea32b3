import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestSite, STUB_API_KEY } from './helper.ts';

interface Operation {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Spec section 7's calls, as the OpenAPI document names them. */
const SPEC_CALLS: [method: string, path: string, request: 'json' | 'multipart' | null][] = [
  ['get', '/api/proxy/teams', null],
  ['get', '/api/proxy/teams/{id}', null],
  ['get', '/api/proxy/users/{id}', null],
  ['get', '/api/proxy/focus-areas', null],
  ['get', '/api/proxy/role-areas', null],
  ['post', '/api/onboarding', 'json'],
  ['post', '/api/users', 'json'],
  ['post', '/api/users/{id}/profile', 'multipart'],
  ['get', '/api/booking/next-available-date', null],
  ['post', '/api/booking', 'json'],
  ['post', '/api/feedback', 'json'],
  ['get', '/api/status', null],
];

describe('GET /api/openapi.json', () => {
  it('documents every call of spec section 7 with its request, answer and error schemas', async () => {
    // No tracker is needed to describe the API.
    const site = await buildTestSite({
      tracker: { url: 'http://127.0.0.1:9', apiKey: STUB_API_KEY },
    });
    const response = await site.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path, request] of SPEC_CALLS) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const success = Object.entries(operation?.responses ?? {}).find(([status]) =>
        status.startsWith('2'),
      );
      expect(success?.[1].content?.['application/json']?.schema, `${method} ${path}`).toBeDefined();
      // The error envelope, for refusals and for failures.
      for (const range of ['4XX', '5XX']) {
        const schema = operation?.responses?.[range]?.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown>; required?: string[] }
          | undefined;
        expect(schema?.required, `${method} ${path} ${range}`).toEqual(['message']);
        expect(Object.keys(schema?.properties ?? {}), `${method} ${path} ${range}`).toEqual([
          'message',
          'code',
          'details',
        ]);
      }
      if (path.includes('{id}')) {
        expect(
          operation?.parameters?.find((p) => p.in === 'path' && p.name === 'id'),
        ).toBeDefined();
      }
      if (request === 'json') {
        expect(operation?.requestBody?.content['application/json']?.schema).toBeDefined();
      }
      if (request === 'multipart') {
        const form = JSON.stringify(operation?.requestBody?.content['multipart/form-data']?.schema);
        expect(form).toContain('"aboutMe"');
        expect(form).toContain('"photoFile"');
      }
    }
    // The document describes the site only: no internal route, no secret.
    expect(JSON.stringify(doc)).not.toContain('acp_');
    await site.close();
  });

  it('is a description other tools accept: redocly lint finds no error, openapi-typescript reads it', async () => {
    const site = await buildTestSite({
      tracker: { url: 'http://127.0.0.1:9', apiKey: STUB_API_KEY },
    });
    const response = await site.inject({ url: '/api/openapi.json' });
    await site.close();
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      servers?: unknown[];
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
    };
    expect(doc.servers).toHaveLength(1);
    // Only API operations: no page, static file or proxied photo route.
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/api\//);
    const ids = new Set<string>();
    let operationCount = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path}`).toMatch(/\w/);
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        ids.add(operation.operationId ?? '');
        operationCount += 1;
      }
    }
    expect(ids.size).toBe(operationCount);
    expect(doc.paths['/api/users']?.post?.operationId).toBe('postApiUsers');
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'site.json');
    writeFileSync(file, response.body);
    const lint = spawnSync('pnpm', ['exec', 'redocly', 'lint', '--format', 'summary', file], {
      encoding: 'utf8',
    });
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);

    // A client generator reads it as it is, and names each operation by its id.
    const types = join(dirname(file), 'site.d.ts');
    const generate = spawnSync(
      'pnpm',
      ['--filter', '@app/openapi-check', 'exec', 'openapi-typescript', file, '-o', types],
      { encoding: 'utf8' },
    );
    expect(generate.status, generate.stdout + generate.stderr).toBe(0);
    const generated = readFileSync(types, 'utf8');
    expect(generated).toContain('"/api/users": {');
    expect(generated).toContain('postApiUsers: {');
  }, 60_000);
});
