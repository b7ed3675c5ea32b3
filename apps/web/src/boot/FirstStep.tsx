import type { Category } from '@app/contracts';
import type { OnboardingEvent } from '@app/onboarding/flow';
import { routeToEvent } from '@app/onboarding/routes';
import { FIRST_STEP_TITLES, fillRoute, progressOf, STEP_ROUTES } from '@app/onboarding/steps';
import { Suspense } from 'react';
import { CategoryScreen } from '../onboarding/screens/CategoryScreen.tsx';
import { RoleScreen } from '../onboarding/screens/RoleScreen.tsx';

/** A step a visitor lands on, drawn from its URL alone. */
export type FirstStepView = { step: 'category' } | { step: 'role'; category: Category };

/** The first step a pathname names, or null (a later step, an end screen, no onboarding route). */
export function firstStepOf(pathname: string): FirstStepView | null {
  const request = routeToEvent(pathname);
  if (request?.step === 'category') return { step: 'category' };
  if (request?.step === 'role' && request.category !== null) {
    return { step: 'role', category: request.category };
  }
  return null;
}

/**
 * Where a later step's URL (team to confirm, maybe, no) takes a visitor with no flow stored and
 * none started in the page: the machine, started afresh and asked for any step of an area, shows
 * that area's role step, since the steps after it need its answer. Null for any other path.
 */
export function freshStartOf(pathname: string): string | null {
  const request = routeToEvent(pathname);
  if (request === null || request.category === null || request.step === 'role') return null;
  return fillRoute(STEP_ROUTES.role, request.category);
}

/**
 * The role step's answer sent by the browser itself, before the page's code had run: its form
 * without script reloads the step with the ticked option (`role`) or Other's goal (`role-goal`,
 * blank when none was typed) in the query. Null when the query holds no answer.
 */
export function answerInQuery(search: string): string | null {
  const query = new URLSearchParams(search);
  return query.get('role') ?? query.get('role-goal');
}

const NO_ERRORS = {};

/**
 * A first step (the area, the role) as the machine would draw it for a visitor with nothing
 * stored, from its URL alone: the page shows it, and can be used, before XState and the machine
 * have loaded (decision 42). The markup is the machine's screen's, so either hydrates the other's
 * HTML. An answer or Go back given meanwhile is kept for the flow (`handover.ts`), and the step
 * shows it as under way until the flow takes over.
 */
export function FirstStep({
  view,
  waiting,
  onHand: hand,
}: {
  view: FirstStepView;
  /** An answer was given: the step shows it under way. */
  waiting: boolean;
  /** Keeps an answer (or Go back) for the flow. */
  onHand: (event: OnboardingEvent) => void;
}) {
  const frame = {
    title: FIRST_STEP_TITLES[view.step],
    progress: progressOf(view.step),
    status: null,
  };
  return (
    // The machine's screens sit in a Suspense boundary (for the later steps' code): the same here,
    // for the same HTML.
    <Suspense fallback={null}>
      {view.step === 'category' ? (
        <CategoryScreen
          frame={frame}
          onChoose={(category) => hand({ type: 'category.choose', category })}
        />
      ) : (
        <RoleScreen
          key={view.category}
          frame={frame}
          category={view.category}
          pending={waiting}
          errors={NO_ERRORS}
          initial=""
          onSubmit={(value) => hand({ type: 'role.submit', value })}
          onBack={() => hand({ type: 'nav.back' })}
        />
      )}
    </Suspense>
  );
}
