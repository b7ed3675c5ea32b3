import { MESSAGES, type NormalisedMember } from '@app/contracts';
import type { HoldView } from '@app/onboarding';
import { button, visuallyHidden } from '../../components/ui.css.ts';
import { BackButton, StepActions } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import * as styles from './TeamScreen.css.ts';

interface TeamScreenProps {
  frame: StepFrame;
  /** Null while the team is being found. */
  team: { name: string; members: readonly NormalisedMember[] } | null;
  /** m:ss left on the hold. */
  countdown: string;
  /** Seconds left on the hold. */
  secondsLeft: number;
  hold: HoldView['status'];
  onChoose: (choice: 'yes' | 'maybe' | 'no') => void;
  onExtend: () => void;
  onRetry: () => void;
  onBack: () => void;
}

export const YES_CHOICE =
  "Yes, I'm ready to achieve my success even if it means being uncomfortable sometimes";

export function TeamScreen(props: TeamScreenProps) {
  const { team, frame, onBack } = props;
  if (team === null) {
    return (
      <StepLayout screen="team-loading" frame={frame} heading="Finding your team">
        <div className={styles.spinnerRow} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <p>Finding the perfect team for you...</p>
        </div>
        <StepActions>
          <BackButton onBack={onBack} />
        </StepActions>
      </StepLayout>
    );
  }
  return <MatchedTeam {...props} team={team} />;
}

function MatchedTeam({
  frame,
  team,
  countdown,
  secondsLeft,
  hold,
  onChoose,
  onExtend,
  onRetry,
  onBack,
}: TeamScreenProps & { team: NonNullable<TeamScreenProps['team']> }) {
  const time = countdown;
  return (
    <StepLayout
      screen="team"
      frame={frame}
      heading={`You're in luck! Team "${team.name}" has one slot left.`}
      wide
    >
      <ul className={styles.members} aria-label={`Members of Team ${team.name}`}>
        {team.members.map((member) => (
          <li key={member.id} className={styles.member}>
            <Avatar name={member.name} photo={member.photo} />
            <h2 className={styles.memberName}>{member.name}</h2>
            <p className={styles.about}>{member.aboutMe}</p>
            <p className={styles.goal}>"{member.goalSummary}"</p>
          </li>
        ))}
        <li className={styles.yourSpot}>Your spot</li>
      </ul>

      {hold === 'expired' ? (
        <div className={styles.notice} role="alert">
          <p>
            <strong>{MESSAGES.holdExpiredTitle}.</strong> {MESSAGES.holdExpired}
          </p>
          <button type="button" className={button.primary} onClick={onRetry}>
            {MESSAGES.holdRetry}
          </button>
        </div>
      ) : (
        <>
          {secondsLeft < 60 ? (
            // The spec's sentence stays on screen; read aloud, "0:59 more minutes" says less
            // than a minute in words.
            <p className={styles.countdown}>
              <span aria-hidden="true">{MESSAGES.holdCountdown(time)}</span>
              <span className={visuallyHidden}>{MESSAGES.holdCountdownLastMinute}</span>
            </p>
          ) : (
            <p className={styles.countdown}>{MESSAGES.holdCountdown(time)}</p>
          )}
          {hold === 'ending' ? (
            <div className={styles.notice} role="alert">
              <p>
                <strong>{MESSAGES.holdEndingTitle}.</strong> {MESSAGES.holdEnding(time)}
              </p>
              <button type="button" className={button.secondary} onClick={onExtend}>
                {MESSAGES.holdExtend}
              </button>
            </div>
          ) : null}
        </>
      )}

      <div className={styles.choices}>
        <button
          type="button"
          className={button.primary}
          onClick={() => onChoose('yes')}
          disabled={hold === 'expired'}
        >
          {YES_CHOICE}
        </button>
        <button type="button" className={button.secondary} onClick={() => onChoose('maybe')}>
          Maybe
        </button>
        <button type="button" className={button.secondary} onClick={() => onChoose('no')}>
          No thanks
        </button>
      </div>
      <StepActions>
        <BackButton onBack={onBack} />
      </StepActions>
    </StepLayout>
  );
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function Avatar({ name, photo }: { name: string; photo: string | null }) {
  if (photo === null) {
    return (
      <span className={styles.avatarInitials} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img className={styles.avatar} src={photo} alt="" width={80} height={80} loading="lazy" />;
}
