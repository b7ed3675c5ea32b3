import type { Category } from '@app/contracts';

/**
 * The onboarding's one step table (spec 2 route table): every list of steps in the product derives
 * from it. It imports nothing from the machine, so the marketing pages can read it through the
 * `@app/onboarding/steps` subpath without bundling the machine.
 *
 * - `route`: the URL when it is not the usual one: an end screen's is `/{step}`, every other
 *   step's `/onboarding/{category}/{step}`, where `{category}` stands for the chosen category.
 * - `linear`: on the yes path, in order; a step up to the furthest one reached may be asked for by URL.
 * - `numbered`: counted in the header's "Step N of M", in the table's order.
 * - `end`: an end screen, which states facts only and can be shown from its URL alone.
 * - `holdLine`: its header carries the held slot's line.
 * - `drafts`: the fields whose typed text is kept as a draft until the flow ends.
 */
const TABLE = [
  { step: 'category', route: '/onboarding', drafts: [] },
  { step: 'role', numbered: true, drafts: ['goal'] },
  { step: 'team', linear: true, numbered: true, drafts: [] },
  { step: 'intro', linear: true, numbered: true, holdLine: true, drafts: ['name'] },
  { step: 'goal', linear: true, numbered: true, holdLine: true, drafts: ['goal'] },
  { step: 'commit', linear: true, numbered: true, holdLine: true, drafts: [] },
  { step: 'sync', linear: true, numbered: true, holdLine: true, drafts: [] },
  { step: 'account', linear: true, numbered: true, holdLine: true, drafts: ['email'] },
  { step: 'confirm', numbered: true, drafts: [] },
  { step: 'maybe', holdLine: true, drafts: ['name', 'email', 'phone'] },
  { step: 'no', holdLine: true, drafts: ['name', 'email', 'feedback'] },
  { step: 'thank-you', end: true, drafts: [] },
  { step: 'no-thank-you', end: true, drafts: [] },
  { step: 'maybe-submitted', end: true, drafts: [] },
  { step: 'home', route: '/', drafts: [] },
] as const satisfies readonly StepRow[];

interface StepRow {
  step: string;
  route?: string;
  linear?: true;
  numbered?: true;
  end?: true;
  holdLine?: true;
  drafts: readonly string[];
}

type Row = (typeof TABLE)[number];

/** The steps a URL can name. */
export type Step = Row['step'];
export const STEPS: readonly Step[] = TABLE.map((row) => row.step);

/** The yes-path steps in order. */
export type LinearStep = Extract<Row, { linear: true }>['step'];
export const LINEAR_STEPS = TABLE.flatMap((row) =>
  'linear' in row ? [row.step] : [],
) as readonly LinearStep[];

export function linearIndex(step: Step): number {
  return (LINEAR_STEPS as readonly Step[]).indexOf(step);
}

/** Steps whose route carries the category: /onboarding/{category}/{step}. */
export type CategoryStep = Exclude<Row, { route: string } | { end: true }>['step'];
export const CATEGORY_STEPS = TABLE.flatMap((row) =>
  'route' in row || 'end' in row ? [] : [row.step],
) as readonly CategoryStep[];

/** End screens: they state facts and offer no next step, so their URL alone can show them. */
export type EndStep = Extract<Row, { end: true }>['step'];
export const END_STEPS = TABLE.flatMap((row) =>
  'end' in row ? [row.step] : [],
) as readonly EndStep[];

export function isEndStep(step: Step): step is EndStep {
  return (END_STEPS as readonly Step[]).includes(step);
}

/** Steps whose header carries the held slot's line. */
export const HOLD_LINE_STEPS: readonly Step[] = TABLE.flatMap((row) =>
  'holdLine' in row ? [row.step] : [],
);

/** Routes of the steps; `{category}` stands for the chosen category. */
export const STEP_ROUTES = Object.fromEntries(
  TABLE.map((row) => [
    row.step,
    'route' in row
      ? row.route
      : 'end' in row
        ? `/${row.step}`
        : `/onboarding/{category}/${row.step}`,
  ]),
) as Record<Step, string>;

const NUMBERED: readonly Step[] = TABLE.flatMap((row) => ('numbered' in row ? [row.step] : []));

/** 'Step N of M' on the yes path: the role step, the linear steps and confirm. */
export function progressOf(step: Step): { step: number; of: number } | null {
  const index = NUMBERED.indexOf(step);
  return index < 0 ? null : { step: index + 1, of: NUMBERED.length };
}

/** A field whose typed text is kept as a draft: `{step}.{field}`. */
export type DraftField = {
  [R in Row as R['step']]: `${R['step']}.${R['drafts'][number]}`;
}[Step];
export const DRAFT_FIELDS = TABLE.flatMap((row) =>
  row.drafts.map((field) => `${row.step}.${field}`),
) as readonly DraftField[];

export function isCategoryStep(value: string): value is CategoryStep {
  return (CATEGORY_STEPS as readonly string[]).includes(value);
}

/** The end step a pathname names, if any. */
export function endStepOfPath(path: string): EndStep | null {
  for (const step of END_STEPS) if (STEP_ROUTES[step] === path) return step;
  return null;
}

/** What a screen state carries in `meta`. */
export interface ScreenMeta {
  step: Step;
  route: string;
  title: string;
}

/**
 * The header titles of the steps a visitor can land on: the site draws these from the URL alone,
 * before the machine has loaded, and the machine's screens carry the same.
 */
export const FIRST_STEP_TITLES = { category: 'Choose your area', role: 'Your role' } as const;

export function screen(step: Step, title: string): ScreenMeta {
  return { step, route: STEP_ROUTES[step], title };
}

export function fillRoute(route: string, category: Category | null): string {
  return route.replace('{category}', category ?? 'other');
}
