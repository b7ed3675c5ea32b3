import type { Category } from '@app/contracts';

/** The steps a URL can name (spec 2 route table), as the last segment of their route. */
export const STEPS = [
  'category',
  'role',
  'team',
  'intro',
  'goal',
  'commit',
  'sync',
  'account',
  'confirm',
  'maybe',
  'no',
  'thank-you',
  'no-thank-you',
  'maybe-submitted',
  'home',
] as const;
export type Step = (typeof STEPS)[number];

/** The yes-path steps in order; a step up to the furthest one reached may be asked for by URL. */
export const LINEAR_STEPS = ['team', 'intro', 'goal', 'commit', 'sync', 'account'] as const;
export type LinearStep = (typeof LINEAR_STEPS)[number];

export function linearIndex(step: Step): number {
  return (LINEAR_STEPS as readonly string[]).indexOf(step);
}

/** Steps whose route carries the category: /onboarding/{category}/{step}. */
export const CATEGORY_STEPS = [
  'role',
  'team',
  'intro',
  'goal',
  'commit',
  'sync',
  'account',
  'confirm',
  'maybe',
  'no',
] as const satisfies readonly Step[];

/** Routes of the steps; `{category}` stands for the chosen category. */
export const STEP_ROUTES: Record<Step, string> = {
  category: '/onboarding',
  role: '/onboarding/{category}/role',
  team: '/onboarding/{category}/team',
  intro: '/onboarding/{category}/intro',
  goal: '/onboarding/{category}/goal',
  commit: '/onboarding/{category}/commit',
  sync: '/onboarding/{category}/sync',
  account: '/onboarding/{category}/account',
  confirm: '/onboarding/{category}/confirm',
  maybe: '/onboarding/{category}/maybe',
  no: '/onboarding/{category}/no',
  'thank-you': '/thank-you',
  'no-thank-you': '/no-thank-you',
  'maybe-submitted': '/maybe-submitted',
  home: '/',
};

/** What a screen state carries in `meta`. */
export interface ScreenMeta {
  step: Step;
  route: string;
  title: string;
}

export function screen(step: Step, title: string): ScreenMeta {
  return { step, route: STEP_ROUTES[step], title };
}

export function fillRoute(route: string, category: Category | null): string {
  return route.replace('{category}', category ?? 'other');
}
