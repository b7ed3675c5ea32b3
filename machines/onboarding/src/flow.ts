// The onboarding flow without its form checks' schemas (zod): what a page needs to show the first
// step. The checks are installed by importing `@app/onboarding` (which the tests and the studio
// do) or, on the site, by loading `@app/onboarding/forms` once the first step is on screen.
export * from './booking.ts';
export * from './checks.ts';
export * from './clock.ts';
export * from './failure.ts';
export * from './hold.ts';
export * from './idempotency.ts';
export * from './machine.ts';
export * from './persistence.ts';
export * from './routes.ts';
export * from './selectors.ts';
export * from './steps.ts';
export * from './team.ts';
export * from './types.ts';
