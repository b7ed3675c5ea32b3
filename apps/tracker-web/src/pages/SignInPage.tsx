import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { NETWORK_MESSAGE } from '../api/errors.ts';
import { useForm, useTypedEarly } from '../components/form.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useAction } from '../components/useAction.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { NOTICES, type SignInSearch, safeNext } from '../navigation.ts';
import * as ui from '../styles/ui.css.ts';
import * as styles from './Page.css.ts';
import type { SignInForm } from './sign-in-api.ts';

const FIELDS = {
  email: { id: 'email', label: 'Email address' },
  password: { id: 'password', label: 'Password' },
} as const;

/**
 * The form's schema and the HTTP client: a third of the screen's JavaScript, not needed to show
 * it. They load as soon as it is on screen, well before anyone has typed an email and a password.
 */
const loadApi = () => import('./sign-in-api.ts');
type SignInApi = Awaited<ReturnType<typeof loadApi>>;

export function SignInPage({ next, notice }: SignInSearch) {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm(FIELDS);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useTypedEarly(FIELDS.email.id, setEmail);
  useTypedEarly(FIELDS.password.id, setPassword);

  useEffect(() => {
    // A failure here shows on submit, which asks again.
    loadApi().catch(() => undefined);
  }, []);

  const signIn = useAction({
    send: (api: SignInApi, values: SignInForm) => api.signIn(values),
    form,
    done: async (answer) => {
      // Whatever an earlier member's pages loaded is not this member's.
      router.clearCache();
      const after = safeNext(next);
      // A password the tracker's rule refuses is replaced first; an operator gives the
      // authenticator's code next, or sets the app up first.
      if (answer.passwordChange === 'required') {
        await navigate({ to: '/new-password', search: { next: after }, replace: true });
      } else if (answer.secondFactor === 'required') {
        await navigate({ to: '/second-factor', search: { next: after }, replace: true });
      } else if (answer.secondFactor === 'enrol') {
        await navigate({ to: '/console/second-factor', replace: true });
      } else {
        const home = answer.member.role === 'operator' ? '/console' : '/';
        await navigate({ href: after ?? home, replace: true });
      }
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.pending) return;
    const api = await loadApi().catch(() => null);
    if (api === null) {
      form.fail(NETWORK_MESSAGE);
      return;
    }
    const values = form.check(api.SignInForm, { email, password });
    if (values === null) return;
    await signIn.run(api, values);
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Sign in</h1>
      {notice ? (
        <p role="status" className={ui.tinted.success}>
          {NOTICES[notice]}
        </p>
      ) : null}
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form
        className={styles.form}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label="Sign in"
      >
        <Field
          {...form.field('email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
        />
        <Field
          {...form.field('password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Sign in</SubmitButton>
          <Link to="/reset-password">Forgot your password?</Link>
        </div>
      </form>
    </div>
  );
}
