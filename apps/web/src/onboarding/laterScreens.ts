// The screens after the first step (and the held seat's status, which the first step does not
// show): one chunk the page loads once its first step is on screen (see lazyScreens.tsx).
export { HoldStatus } from './components/HoldStatus.tsx';
export { AccountScreen } from './screens/AccountScreen.tsx';
export { CommitScreen } from './screens/CommitScreen.tsx';
export { ConfirmScreen } from './screens/ConfirmScreen.tsx';
export { GoalScreen } from './screens/GoalScreen.tsx';
export { IntroScreen } from './screens/IntroScreen.tsx';
export { MaybeScreen } from './screens/MaybeScreen.tsx';
export { MaybeSubmittedScreen } from './screens/MaybeSubmittedScreen.tsx';
export { NoScreen } from './screens/NoScreen.tsx';
export { NoThankYouScreen } from './screens/NoThankYouScreen.tsx';
export { SyncScreen } from './screens/SyncScreen.tsx';
export { TeamScreen } from './screens/TeamScreen.tsx';
export { ThankYouScreen } from './screens/ThankYouScreen.tsx';
