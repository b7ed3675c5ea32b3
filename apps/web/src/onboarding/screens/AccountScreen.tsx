import { MESSAGES } from '@app/contracts';
import type { FormErrors } from '@app/onboarding/flow';
import { button } from '@app/ui/button.css';
import { useEffect, useState } from 'react';
import { HOLD_NOTICE_ID } from '../components/HoldStatus.tsx';
import { StepField, StepForm, useStepForm } from '../components/StepForm.tsx';
import { text } from '../components/StepLayout.css.ts';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';
import * as styles from './AccountScreen.css.ts';

/** The sign-in offer's text, for the button to be read with. */
const SIGN_IN_HINT_ID = 'account-sign-in-hint';

interface AccountScreenProps {
  frame: StepFrame;
  teamName: string;
  pending: boolean;
  errors: FormErrors;
  /**
   * The address typed has an account (the sign-up said so): Sign in is offered, and the team and
   * the held slot go with the person.
   */
  accountExists?: boolean;
  /** The sample team is shown: no slot is held, the team is chosen after signing in. */
  sampleTeam?: boolean;
  /** The slot is on its way to the sign-in, or the browser is already going there. */
  signingIn?: boolean;
  onSubmit: (values: { email: string; password: string }) => void;
  onSignIn?: () => void;
  onBack: () => void;
}

export function AccountScreen({
  frame,
  teamName,
  pending,
  errors,
  accountExists = false,
  sampleTeam = false,
  signingIn = false,
  onSubmit,
  onSignIn = () => {},
  onBack,
}: AccountScreenProps) {
  const [email, setEmail] = useDraft('account.email');
  const [password, setPassword] = useState('');
  const form = useStepForm(errors, {
    email: 'account-email',
    password: 'account-password',
    hold: HOLD_NOTICE_ID,
  });
  const released = form.errorOf('hold') !== undefined;
  // A submit (or Sign in) after the slot was released: focus goes to the notice that offers to
  // take it again (after the error summary took it, so the summary's alert is still read).
  // biome-ignore lint/correctness/useExhaustiveDependencies: every submit moves focus again
  useEffect(() => {
    if (released) document.getElementById(HOLD_NOTICE_ID)?.focus();
  }, [released, form.attempt]);
  const submitLabel = `Submit join request to Team ${teamName}`;
  const signIn = () => {
    // After a reload the refusal that offered Sign in is not on screen yet: any answer shows it.
    if (form.attempt === 0) form.submitted();
    onSignIn();
  };
  return (
    <StepLayout
      screen="account"
      frame={frame}
      invalid={form.summary.length > 0}
      heading="Last step: create your account"
    >
      <StepForm
        form={form}
        onSubmit={() => onSubmit({ email, password })}
        submitLabel={submitLabel}
        pending={pending || signingIn}
        // While the slot goes to the sign-in nothing is being submitted: the button keeps its words.
        pendingLabel={signingIn ? submitLabel : 'Submitting...'}
        onBack={onBack}
      >
        <StepField name="email" value={email} onChange={setEmail} />
        {accountExists || signingIn ? (
          <div className={styles.signInOffer}>
            <p id={SIGN_IN_HINT_ID} className={text}>
              {sampleTeam ? MESSAGES.accountSignInHintNoSeat : MESSAGES.accountSignInHint(teamName)}
            </p>
            <SignInButton pending={pending || signingIn} signingIn={signingIn} onClick={signIn} />
          </div>
        ) : null}
        <StepField name="password" value={password} onChange={setPassword} />
        <p className={text}>
          How we keep your details, and how to have them deleted:{' '}
          {/* A new tab, so the password typed here is not lost. */}
          <a href="/privacy" target="_blank" rel="noopener">
            Privacy Policy (opens in a new tab)
          </a>
          .
        </p>
      </StepForm>
    </StepLayout>
  );
}

/** Sign in with the address that has an account: stays focusable while it is under way. */
function SignInButton({
  pending,
  signingIn,
  onClick,
}: {
  pending: boolean;
  signingIn: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={button.secondary}
      aria-describedby={SIGN_IN_HINT_ID}
      aria-disabled={pending ? true : undefined}
      onClick={pending ? undefined : onClick}
    >
      {signingIn ? MESSAGES.accountSigningIn : MESSAGES.accountSignIn}
    </button>
  );
}
