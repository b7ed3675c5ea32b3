import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_HEADERS, SITE_ORIGIN, useTestSite } from './helper.ts';

const t = useTestSite();

/** Bounded, so the suite stays fast; each run is one request against the real tracker. */
const RUNS = 30;

/** Values a hostile or broken client might send: any JSON, plus near-miss shapes of the payloads. */
const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      email: fc.oneof(fc.emailAddress(), fc.string(), fc.integer()),
      password: fc.oneof(fc.string({ minLength: 6 }), fc.string(), fc.constant(null)),
      name: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.integer()),
      goalSummary: fc.oneof(fc.string(), fc.constant('')),
      teamId: fc.oneof(fc.integer(), fc.string(), fc.constant(2_147_483_648), fc.constant(-1)),
      category: fc.oneof(fc.constantFrom('work', 'school', 'god', 'other'), fc.string()),
      focusArea: fc.string(),
      phone: fc.string(),
      feedback: fc.string(),
      token: fc.string(),
    },
    { requiredKeys: [] },
  ),
);

const text = fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' });
const category = fc.constantFrom('work', 'school', 'god', 'other');

/** Bodies each route accepts, so the runs reach past validation into the handlers. */
const validBodies: Record<string, fc.Arbitrary<unknown>> = {
  '/api/users': fc.record({
    email: fc.emailAddress(),
    password: fc.string({ minLength: 6, maxLength: 80 }),
    name: text,
    goalSummary: text,
    teamId: fc.oneof(fc.integer({ min: 1, max: 30 }), text),
  }),
  '/api/onboarding': fc.record({ category, focusArea: text }),
  '/api/booking': fc.record({
    name: text,
    email: fc.emailAddress(),
    phone: fc.string({ minLength: 7, maxLength: 20 }),
    category,
  }),
  '/api/feedback': fc.record({ name: text, email: fc.emailAddress(), feedback: text, category }),
  '/api/confirm-email': fc.record({ token: fc.string({ maxLength: 200 }) }),
  '/api/confirm-email/resend': fc.record({ email: fc.emailAddress() }),
};
const postRoutes = Object.keys(validBodies);

describe('fuzzing every endpoint answers without a 5xx', () => {
  for (const url of postRoutes) {
    it(`POST ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(anyJson, validBodies[url] ?? anyJson),
          fc.option(fc.string({ maxLength: 140 }), { nil: undefined }),
          async (body, key) => {
            const response = await t.site.inject({
              method: 'POST',
              url,
              headers: {
                ...JSON_HEADERS,
                ...(key === undefined ? {} : { 'idempotency-key': key }),
              },
              payload: JSON.stringify(body),
            });
            expect(response.statusCode, response.body).toBeLessThan(500);
            expect(() => JSON.parse(response.body)).not.toThrow();
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('raw bodies of any kind and content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postRoutes, '/api/users/1/profile'),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        ),
        fc.uint8Array({ maxLength: 512 }),
        async (url, type, bytes) => {
          const response = await t.site.inject({
            method: 'POST',
            url,
            headers: { 'content-type': type, origin: SITE_ORIGIN },
            payload: Buffer.from(bytes),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('reads with any path segment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('teams', 'users', 'focus-areas', 'role-areas', 'nope'),
        fc.oneof(fc.string(), fc.integer(), fc.bigInt()),
        async (kind, id) => {
          const response = await t.site.inject({
            url: `/api/proxy/${kind}/${encodeURIComponent(String(id))}`,
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
