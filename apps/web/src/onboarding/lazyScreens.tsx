import { type ComponentType, lazy } from 'react';

type Later = typeof import('./laterScreens.ts');

let later: Later | null = null;
let loading: Promise<Later> | null = null;

/**
 * Loads the later screens' chunk, once. The page starts it once its first step is on screen; the
 * prerendering waits for it so that every step's HTML is complete.
 */
export function loadLaterScreens(): Promise<Later> {
  loading ??= import('./laterScreens.ts').then(
    (module) => {
      later = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Hands over the later screens' module already loaded: the statechart studio, which draws every
 * screen at once, imports it with its own code and draws them without waiting.
 */
export function provideLaterScreens(module: Later): void {
  later = module;
  loading ??= Promise.resolve(module);
}

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
    const Loaded = later?.[name] as ComponentType<Props> | undefined;
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
