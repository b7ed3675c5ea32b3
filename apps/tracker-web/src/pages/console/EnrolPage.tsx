import { SecondFactorCode } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as pageStyles from '../Page.css.ts';
import * as styles from './Console.css.ts';
import { confirmEnrolment } from './console-api.ts';
import { QrCode } from './QrCode.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

const route = getRouteApi('/console/second-factor');
const FIELDS = { code: { id: 'code', label: 'Code from the app' } } as const;

/** The secret in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Setting up an operator's authenticator app: its secret, a first code, the recovery codes. */
export function EnrolPage() {
  usePageTitle('Set up your authenticator app');
  const enrolment = route.useLoaderData();
  const router = useRouter();
  const form = useForm(FIELDS);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const onSubmit = useSubmit(form, {
    schema: SecondFactorCode,
    values: { code },
    send: (values) => confirmEnrolment(values.code),
    codeFields: { INVALID_CODE: 'code' },
    done: (_, answer) => {
      router.clearCache();
      setRecoveryCodes(answer.recoveryCodes);
    },
  });

  if (recoveryCodes !== null) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        notice="Your authenticator app is set up."
        next={
          <Link to="/console" className={button.primary}>
            Go to the join requests
          </Link>
        }
      />
    );
  }

  if (enrolment === null) {
    return (
      <div className={`${ui.narrow} ${ui.stack}`}>
        <h1 className={ui.h1}>Set up your authenticator app</h1>
        <p>Your authenticator app is set up already.</p>
        <p>
          <Link to="/console">Go to the join requests</Link>
        </p>
      </div>
    );
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Set up your authenticator app</h1>
      <p>
        The console asks for a code from an authenticator app (such as Google Authenticator,
        Microsoft Authenticator or 1Password) each time you sign in.
      </p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <section className={ui.card} aria-labelledby="enrol-step-1">
        <h2 id="enrol-step-1" className={ui.h2}>
          1. Add this tracker to the app
        </h2>
        <p>Scan this code with the app:</p>
        <QrCode
          text={enrolment.uri}
          label="QR code that adds this tracker to an authenticator app"
        />
        <p>Or choose to enter a setup key in the app and type this key (time based):</p>
        <dl className={styles.facts}>
          <dt className={styles.term}>Setup key</dt>
          <dd className={`${styles.value} ${styles.secret}`}>{grouped(enrolment.secret)}</dd>
        </dl>
        <p>Or open this link on the device that has the app:</p>
        <p className={styles.code}>
          <a href={enrolment.uri}>{enrolment.uri}</a>
        </p>
      </section>
      <section className={ui.card} aria-labelledby="enrol-step-2">
        <h2 id="enrol-step-2" className={ui.h2}>
          2. Enter the code the app shows
        </h2>
        <form
          className={pageStyles.form}
          noValidate
          onSubmit={onSubmit}
          aria-label="Confirm the app"
        >
          <Field
            {...form.field('code')}
            hint="6 digits. A new one appears every 30 seconds."
            autoComplete="one-time-code"
            required
            value={code}
            onChange={setCode}
            maxLength={64}
          />
          <div className={pageStyles.actions}>
            <SubmitButton pending={form.pending}>Confirm</SubmitButton>
          </div>
        </form>
      </section>
    </div>
  );
}
