import { type ComponentType, lazy } from 'react';
import { loadOnce } from './loadOnce.ts';

type Later = typeof import('../onboarding/laterScreens.ts');

const laterScreens = loadOnce((): Promise<Later> => import('../onboarding/laterScreens.ts'));

/**
 * Loads the later screens' chunk, once. The page starts it once its first step is on screen; the
 * prerendering waits for it so that every step's HTML is complete.
 */
export const loadLaterScreens = laterScreens.load;

/**
 * Hands over the later screens' module already loaded: the statechart studio, which draws every
 * screen at once, imports it with its own code and draws them without waiting.
 */
export const provideLaterScreens = laterScreens.provide;

/**
 * A screen of the later chunk: drawn at once when the chunk is there, else through React.lazy
 * (the nearest Suspense boundary waits for it; while hydrating, the prerendered HTML stays).
 */
function laterScreen<K extends keyof Later>(name: K): Later[K] {
  type Props = Record<string, unknown>;
  const Lazy = lazy(() =>
    loadLaterScreens().then((module) => ({ default: module[name] as ComponentType<Props> })),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen as this module loads, never while rendering
  function LaterScreen(props: Props) {
    const Loaded = laterScreens.loaded()?.[name] as ComponentType<Props> | undefined;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  LaterScreen.displayName = name;
  return LaterScreen as unknown as Later[K];
}

export const HoldStatus = laterScreen('HoldStatus');
export const AccountScreen = laterScreen('AccountScreen');
export const CommitScreen = laterScreen('CommitScreen');
export const ConfirmScreen = laterScreen('ConfirmScreen');
export const GoalScreen = laterScreen('GoalScreen');
export const IntroScreen = laterScreen('IntroScreen');
export const MaybeScreen = laterScreen('MaybeScreen');
export const MaybeSubmittedScreen = laterScreen('MaybeSubmittedScreen');
export const NoScreen = laterScreen('NoScreen');
export const NoThankYouScreen = laterScreen('NoThankYouScreen');
export const SyncScreen = laterScreen('SyncScreen');
export const TeamScreen = laterScreen('TeamScreen');
export const ThankYouScreen = laterScreen('ThankYouScreen');
