import type { FormErrors } from '@app/onboarding/flow';
import { useEffect, useState } from 'react';
import { HOLD_NOTICE_ID } from '../components/HoldStatus.tsx';
import { StepField, StepForm, useStepForm } from '../components/StepForm.tsx';
import { text } from '../components/StepLayout.css.ts';
import { type StepFrame, StepLayout } from '../components/StepLayout.tsx';
import { useDraft } from '../drafts.ts';

interface AccountScreenProps {
  frame: StepFrame;
  teamName: string;
  pending: boolean;
  errors: FormErrors;
  onSubmit: (values: { email: string; password: string }) => void;
  onBack: () => void;
}

export function AccountScreen({
  frame,
  teamName,
  pending,
  errors,
  onSubmit,
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
  // A submit after the slot was released: focus goes to the notice that offers to take it again
  // (after the error summary took it, so the summary's alert is still read).
  // biome-ignore lint/correctness/useExhaustiveDependencies: every submit moves focus again
  useEffect(() => {
    if (released) document.getElementById(HOLD_NOTICE_ID)?.focus();
  }, [released, form.attempt]);
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
        submitLabel={`Submit join request to Team ${teamName}`}
        pending={pending}
        onBack={onBack}
      >
        <StepField name="email" value={email} onChange={setEmail} />
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
