import { MESSAGES, type NormalisedMember } from '@app/contracts';
import type { HoldView, SampleReason } from '@app/onboarding/flow';
import { luckyHeading, TeamMembers } from '@app/ui/team-members';
import { type HoldActions, HoldStatus } from '../components/HoldStatus.tsx';
import { BackButton, StepActions } from '../components/StepForm.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import * as styles from './TeamScreen.css.ts';

interface TeamScreenProps extends HoldActions {
  frame: StepFrame;
  /** Null while the team is being found. */
  team: { name: string; members: readonly NormalisedMember[] } | null;
  hold: HoldView;
  /** Why the team shown is the built-in example, or null when it is a real team. */
  sample: SampleReason | null;
  /** The prospect's area as the home page names it (Work, School, God, Other). */
  areaTitle: string;
  onChoose: (choice: 'yes' | 'maybe' | 'no') => void;
  onBack: () => void;
}

export const YES_CHOICE =
  "Yes, I'm ready to achieve my success even if it means being uncomfortable sometimes";
/** The Yes button's label and its supporting text: together, the spec's words. */
const YES_LABEL = "Yes, I'm ready to achieve my success";
const YES_SUPPORT = YES_CHOICE.slice(YES_LABEL.length).trim();

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
  hold,
  sample,
  areaTitle,
  onChoose,
  onExtend,
  onRetake,
  onRetry,
  onBack,
}: TeamScreenProps & { team: NonNullable<TeamScreenProps['team']> }) {
  const { released } = hold;
  return (
    <StepLayout
      screen="team"
      frame={frame}
      heading={
        released
          ? MESSAGES.holdReleasedHeading
          : sample === 'full'
            ? MESSAGES.areaFullHeading(areaTitle)
            : sample === 'unreachable'
              ? MESSAGES.sampleTeamHeading
              : luckyHeading(team.name)
      }
      wide
      compact
    >
      {/* On a phone the team's name, the countdown and the three answers come first (above the
          fold at 360x740); the members follow as compact rows. */}
      {sample === null ? null : (
        <div className={styles.sample}>
          <p>{sample === 'full' ? MESSAGES.sampleTeamFull : MESSAGES.sampleTeamUnreachable}</p>
          <button type="button" className={styles.inlineButton} onClick={onRetry}>
            {MESSAGES.sampleTeamRetry}
          </button>
        </div>
      )}
      <HoldStatus
        hold={hold}
        line={MESSAGES.holdCountdown}
        lastMinute={MESSAGES.holdCountdownLastMinute}
        onExtend={onExtend}
        onRetake={onRetake}
        onRetry={onRetry}
      />

      <div className={styles.choices}>
        <button
          type="button"
          className={styles.yes}
          onClick={() => onChoose('yes')}
          disabled={released}
        >
          <span className={styles.yesLabel}>{YES_LABEL}</span>{' '}
          <span className={styles.yesSupport}>{YES_SUPPORT}</span>
        </button>
        <div className={styles.otherChoices}>
          <button type="button" className={styles.choice} onClick={() => onChoose('maybe')}>
            Maybe
          </button>
          <button type="button" className={styles.choice} onClick={() => onChoose('no')}>
            No thanks
          </button>
        </div>
      </div>

      <TeamMembers teamName={team.name} members={team.members} />
      <StepActions>
        <BackButton onBack={onBack} />
      </StepActions>
    </StepLayout>
  );
}
