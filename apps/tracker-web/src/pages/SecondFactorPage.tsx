import { SecondFactorCode } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from '../components/form.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useAction } from '../components/useAction.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useSubmit } from '../components/useSubmit.ts';
import { safeNext } from '../navigation.ts';
import { passkeysSupported } from '../passkeys/support.ts';
import * as ui from '../styles/ui.css.ts';
import { giveCode } from './console/console-api.ts';
import * as styles from './Page.css.ts';

const FIELDS = { code: { id: 'code', label: 'Authentication code' } } as const;

const PASSKEY_ERROR_ID = 'passkey-error';

/**
 * After an operator's password: the code from their authenticator app, or a recovery code; or,
 * where the browser has passkeys, one of their own passkeys instead.
 */
export function SecondFactorPage({ next }: { next?: string | undefined }) {
  usePageTitle('Authentication code');
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm(FIELDS);
  const [code, setCode] = useState('');
  const [ceremonyError, setPasskeyError] = useState<string | null>(null);
  const onward = () => {
    router.clearCache();
    return navigate({ href: safeNext(next) ?? '/console', replace: true });
  };
  const onSubmit = useSubmit(form, {
    schema: SecondFactorCode,
    values: { code },
    send: (values) => giveCode(values.code),
    codeFields: { INVALID_CODE: 'code' },
    done: onward,
  });
  const passkey = useAction({
    send: async () => {
      // The passkeys' routes and the ceremony's code come only now.
      const { passkeyAsSecondFactor } = await import('./second-factor-passkey.ts');
      return passkeyAsSecondFactor();
    },
    // A ceremony that ended without a key says why (webauthn.ts's PasskeyCeremonyError).
    recover: (error) => {
      if (!(error instanceof Error && error.name === 'PasskeyCeremonyError')) return false;
      setPasskeyError(error.message);
      return true;
    },
    otherwise: 'The passkey could not be checked. Try again, or enter the code.',
    done: onward,
  });
  const passkeyError = ceremonyError ?? passkey.error;

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Authentication code</h1>
      <p>Open your authenticator app and enter the 6-digit code it shows for this tracker.</p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Enter the code">
        <Field
          {...form.field('code')}
          hint="No phone at hand? Enter one of your recovery codes instead: each works once."
          autoComplete="one-time-code"
          required
          value={code}
          onChange={setCode}
          maxLength={64}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Continue</SubmitButton>
        </div>
      </form>
      {passkeysSupported() ? (
        <section className={ui.stack} aria-labelledby="passkey-heading">
          <h2 id="passkey-heading" className={ui.h2}>
            Or use a passkey
          </h2>
          <p>If you have added a passkey to your operator account, it can stand in for the code.</p>
          {passkeyError === null ? null : (
            <p id={PASSKEY_ERROR_ID} role="alert" className={ui.tinted.danger}>
              {passkeyError}
            </p>
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className={button.secondary}
              aria-disabled={passkey.pending || undefined}
              aria-describedby={passkeyError === null ? undefined : PASSKEY_ERROR_ID}
              onClick={() => {
                setPasskeyError(null);
                void passkey.run();
              }}
            >
              Use a passkey
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
