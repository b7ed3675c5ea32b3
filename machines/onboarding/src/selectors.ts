import { HOLD_SECONDS } from '@app/contracts';
import type { SnapshotFrom } from 'xstate';
import { formatCountdown, secondsLeft } from './hold.ts';
import type { OnboardingMachine } from './machine.ts';

export type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

export interface HoldView {
  /** none: no slot held; counting; ending: offer `hold.extend`; expired: offer `team.retry`. */
  status: 'none' | 'counting' | 'ending' | 'expired';
  secondsLeft: number;
  /** m:ss, as the team step shows it. */
  countdown: string;
}

/** What the countdown and the hold warning show. */
export function selectHold(snapshot: OnboardingSnapshot): HoldView {
  const { holdExpiresAt, now } = snapshot.context;
  const left = holdExpiresAt === null ? HOLD_SECONDS : secondsLeft(holdExpiresAt, now);
  const view = (status: HoldView['status']): HoldView => ({
    status,
    secondsLeft: left,
    countdown: formatCountdown(left),
  });
  if (snapshot.matches({ matched: { hold: 'expired' } })) return view('expired');
  if (snapshot.matches({ matched: { hold: 'ending' } })) return view('ending');
  if (snapshot.matches({ matched: { hold: 'counting' } })) return view('counting');
  return view('none');
}

/** True while a call is in flight (buttons show their pending text; the snapshot is not saved). */
export function selectBusy(snapshot: OnboardingSnapshot): boolean {
  return snapshot.hasTag('busy');
}
