import { MESSAGES, ResendConfirmationPayload, TEXT_LIMITS } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary, type FieldError } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { type FormEvent, useState } from 'react';
import * as styles from './ResendConfirmation.css.ts';
import { StepActions } from './StepForm.tsx';

const EMAIL_FIELD = 'resend-email';

type Sending =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'sent'; email: string }
  | { state: 'failed'; errors: FieldError[] };

/**
 * The thank-you screen's "Resend confirmation email": a plain call to the site API (`resend`),
 * outside the onboarding machine (the flow is over; nothing about it changes). `knownEmail` is the address the
 * account was created with; when the screen is shown again after the flow (a reload), the
 * visitor types it. The answer is the same for every address, so the status says what happens
 * without claiming an account exists.
 */
export function useResendConfirmation(
  knownEmail: string,
  resend: (email: string) => Promise<unknown>,
) {
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const email = knownEmail || typed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.state === 'sending') return;
    setAttempt((n) => n + 1);
    const parsed = ResendConfirmationPayload.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MESSAGES.validEmail;
      setSending({ state: 'failed', errors: [{ field: EMAIL_FIELD, message }] });
      return;
    }
    setSending({ state: 'sending' });
    try {
      await resend(parsed.data.email);
      setSending({ state: 'sent', email: parsed.data.email });
    } catch (error) {
      const message =
        error instanceof Error && error.message
          ? error.message
          : 'We could not ask for the email just now. Please try again.';
      setSending({ state: 'failed', errors: [{ field: null, message }] });
    }
  };

  /** True while the form shows errors: the page title then starts with 'Error: '. */
  const invalid = sending.state === 'failed';
  return { knownEmail, typed, setTyped, sending, attempt, submit, invalid };
}

export type ResendConfirmationForm = ReturnType<typeof useResendConfirmation>;

export function ResendConfirmation({ form }: { form: ResendConfirmationForm }) {
  const { knownEmail, typed, setTyped, sending, attempt, submit } = form;
  const errors = sending.state === 'failed' ? sending.errors : [];
  const fieldError = errors.find((e) => e.field === EMAIL_FIELD)?.message;
  const pending = sending.state === 'sending';
  // A press before the page's code has run (a thank-you page opened from its address) is held by
  // the boot script and made again, with the address typed, once the code has taken over
  // (@app/ui's early-taps.js): the button is the same before and after.
  return (
    <div className={styles.root}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} attempt={attempt} />
        {knownEmail ? null : (
          <Field
            id={EMAIL_FIELD}
            label="Email"
            hint="The address you signed up with."
            type="email"
            autoComplete="email"
            value={typed}
            onChange={setTyped}
            error={fieldError}
            required
            readOnly={pending}
            maxLength={TEXT_LIMITS.email}
          />
        )}
        <StepActions>
          <button
            type="submit"
            className={button.secondary}
            aria-disabled={pending ? true : undefined}
          >
            {pending ? 'Sending...' : MESSAGES.resendConfirmation}
          </button>
        </StepActions>
      </form>
      <p role="status" className={styles.status}>
        {sending.state === 'sent' ? resentMessage(sending.email) : null}
      </p>
    </div>
  );
}

/** Honest for every address: the answer does not say whether mail went out (see the site API). */
export const resentMessage = (email: string) =>
  `If ${email} still needs confirming, a new confirmation email is on its way. We send at most one a minute, so please give it a few minutes to arrive.`;
