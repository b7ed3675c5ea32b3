import { JOIN_RESPONSE_DAYS, MESSAGES } from '@app/contracts';
import * as layout from '@app/ui/layout.css';
import { spacedList } from '../../components/ui.css.ts';
import { TRACKER_SIGN_IN_URL } from '../../config.ts';
import { ResendConfirmation, useResendConfirmation } from '../components/ResendConfirmation.tsx';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import * as styles from './ThankYouScreen.css.ts';

interface ThankYouScreenProps {
  frame: StepFrame;
  profileSaved: boolean;
  /** Where the confirmation email went; empty when the screen is shown again after the flow. */
  email: string;
  /** The sample team was shown: we assign the team instead of a team answering. */
  assignedLater?: boolean;
  /** Asks for the confirmation email again; without it the screen does not offer to. */
  resendConfirmation?: ((email: string) => Promise<unknown>) | undefined;
}

const noResend = async () => undefined;

export function ThankYouScreen({
  frame,
  profileSaved,
  email,
  assignedLater = false,
  resendConfirmation,
}: ThankYouScreenProps) {
  const resend = useResendConfirmation(email, resendConfirmation ?? noResend);
  return (
    <StepLayout
      screen="thank-you"
      frame={frame}
      invalid={resendConfirmation ? resend.invalid : false}
      heading="You're All Set!"
    >
      <ul className={spacedList}>
        <li>
          <strong>Confirm your email.</strong> Click the link in the email we sent you.
        </li>
        <li>
          <strong>Your join request is pending.</strong>{' '}
          {assignedLater
            ? MESSAGES.teamAssignedLater(JOIN_RESPONSE_DAYS)
            : `The team will respond within ${JOIN_RESPONSE_DAYS} days.`}
        </li>
        <li>
          <strong>Your profile.</strong>{' '}
          {profileSaved
            ? 'Your profile has been saved.'
            : 'You can update your profile after your request is approved.'}
        </li>
      </ul>
      {email ? (
        <p className={styles.sentTo}>
          We sent the confirmation email to <strong>{email}</strong>. If it has not arrived in a few
          minutes, look in your spam folder.
        </p>
      ) : resendConfirmation ? (
        <p>
          No confirmation email? Enter the address you signed up with and we will send it again.
        </p>
      ) : null}
      {resendConfirmation ? <ResendConfirmation form={resend} /> : null}
      <p>
        Follow your request, and check in with your team once you are in, on the tracker:{' '}
        <a href={TRACKER_SIGN_IN_URL} target="_blank" rel="noopener noreferrer">
          sign in to the tracker
          <span className={layout.visuallyHidden}> (opens in a new tab)</span>
        </a>
        .
      </p>
    </StepLayout>
  );
}
