import { HOLD_SECONDS } from '@app/contracts';
import type { SnapshotFrom } from 'xstate';
import { formatCountdown, secondsLeft } from './hold.ts';
import type { OnboardingMachine } from './machine.ts';
import type { SampleReason } from './team.ts';

export type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

export type HoldStatus =
  | 'none'
  | 'counting'
  | 'ending'
  | 'extending'
  | 'expired'
  | 'retaking'
  | 'taken';

export interface HoldView {
  /**
   * none: no seat held (the sample team, or given back); counting; ending: offer `hold.extend`;
   * extending: the extension is on its way; expired: offer `hold.retake` and `team.retry`;
   * retaking: the seat is being taken again; taken: someone else has it, offer `team.retry`.
   */
  status: HoldStatus;
  /** The seat was given up (expired, being taken again, or taken by someone else). */
  released: boolean;
  /** The last minute: the warning with its extension offer (also while it is on its way). */
  ending: boolean;
  /** The seat is held on the server now. */
  live: boolean;
  secondsLeft: number;
  /** m:ss, as the team step shows it. */
  countdown: string;
}

const HOLD_STATES = [
  ['taken', { matched: { hold: 'taken' } }],
  ['retaking', { matched: { hold: 'retaking' } }],
  ['expired', { matched: { hold: 'expired' } }],
  ['extending', { matched: { hold: { live: 'extending' } } }],
  ['ending', { matched: { hold: { live: 'ending' } } }],
  ['counting', { matched: { hold: { live: 'counting' } } }],
] as const;

/** What the countdown and the hold warning show. */
export function selectHold(snapshot: OnboardingSnapshot): HoldView {
  const { holdExpiresAt, now } = snapshot.context;
  const left = holdExpiresAt === null ? HOLD_SECONDS : secondsLeft(holdExpiresAt, now);
  const status = HOLD_STATES.find(([, value]) => snapshot.matches(value))?.[0] ?? 'none';
  return holdView(status, left);
}

/** The hold as the screens read it, from its state and the seconds it has left. */
export function holdView(status: HoldStatus, secondsLeft: number): HoldView {
  const ending = status === 'ending' || status === 'extending';
  return {
    status,
    released: status === 'expired' || status === 'retaking' || status === 'taken',
    ending,
    live: ending || status === 'counting',
    secondsLeft,
    countdown: formatCountdown(secondsLeft),
  };
}

/** Why the sample team is shown, or null when the team shown is a real one. */
export function selectSampleReason(snapshot: OnboardingSnapshot): SampleReason | null {
  return snapshot.context.team?.source === 'sample' ? snapshot.context.sampleReason : null;
}

/** True while a call is in flight (buttons show their pending text; the snapshot is not saved). */
export function selectBusy(snapshot: OnboardingSnapshot): boolean {
  return snapshot.hasTag('busy');
}
