import { type Category, isCategory } from '@app/contracts';
import type { AnyMachineSnapshot } from 'xstate';
import type { OnboardingEvent } from './machine.ts';
import { endStepOfPath, fillRoute, isCategoryStep, type ScreenMeta, STEP_ROUTES } from './steps.ts';

function isScreenMeta(value: unknown): value is ScreenMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { route?: unknown }).route === 'string' &&
    typeof (value as { step?: unknown }).step === 'string'
  );
}

/** The screen the snapshot shows: the `meta` of its one active screen state. */
export function currentScreen(snapshot: AnyMachineSnapshot): ScreenMeta | null {
  for (const meta of Object.values(snapshot.getMeta())) {
    if (isScreenMeta(meta)) return meta;
  }
  return null;
}

/** State -> URL: the route of the screen the machine is on, with its category filled in. */
export function stateToRoute(snapshot: AnyMachineSnapshot): string {
  const meta = currentScreen(snapshot);
  if (meta === null) return STEP_ROUTES.category;
  const context: { category?: Category | null } = snapshot.context ?? {};
  return fillRoute(meta.route, context.category ?? null);
}

/**
 * URL -> machine: the `nav.request` event asking for the step a pathname names, or null when the
 * pathname is not an onboarding route (bad category, unknown step, another page). The bare
 * category path names its role step (spec 2).
 */
export function routeToEvent(
  pathname: string,
): Extract<OnboardingEvent, { type: 'nav.request' }> | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const end = endStepOfPath(path);
  if (end !== null) return { type: 'nav.request', step: end, category: null };
  const parts = path.split('/').filter((part) => part !== '');
  if (parts[0] !== 'onboarding' || parts.length > 3) return null;
  if (parts.length === 1) return { type: 'nav.request', step: 'category', category: null };
  const category = parts[1] ?? '';
  const step = parts[2] ?? 'role';
  if (!isCategory(category) || !isCategoryStep(step)) return null;
  return { type: 'nav.request', step, category };
}
