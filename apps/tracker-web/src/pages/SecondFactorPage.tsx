import { SecondFactorCode } from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from '../components/form.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useSubmit } from '../components/useSubmit.ts';
import { safeNext } from '../navigation.ts';
import * as ui from '../styles/ui.css.ts';
import { giveCode } from './console/console-api.ts';
import * as styles from './Page.css.ts';

const FIELDS = { code: { id: 'code', label: 'Authentication code' } } as const;

/** After an operator's password: the code from their authenticator app, or a recovery code. */
export function SecondFactorPage({ next }: { next?: string | undefined }) {
  usePageTitle('Authentication code');
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm(FIELDS);
  const [code, setCode] = useState('');
  const onSubmit = useSubmit(form, {
    schema: SecondFactorCode,
    values: { code },
    send: (values) => giveCode(values.code),
    codeFields: { INVALID_CODE: 'code' },
    done: () => {
      router.clearCache();
      return navigate({ href: safeNext(next) ?? '/console', replace: true });
    },
  });

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
    </div>
  );
}
