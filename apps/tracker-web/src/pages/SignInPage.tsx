import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
/** What a sign-in answers, with the password or a passkey. */
type SignInAnswer = Awaited<ReturnType<SignInApi['signIn']>>;
/** A sign-in with a passkey, and the browser's WebAuthn library with it: loaded once drawn. */
const loadPasskey = () => import('./passkey-sign-in.ts');
const cancelCeremony = () =>
  loadPasskey()
    .then((api) => api.cancelPasskeyCeremony())
    .catch(() => undefined);

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

  // Where a sign-in goes, with the password or a passkey alike.
  async function land(answer: SignInAnswer) {
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
  }

  const signIn = useAction({
    send: (api: SignInApi, values: SignInForm) => api.signIn(values),
    form,
    done: land,
  });

  // A passkey, from the button or picked in the address field's autofill: a prompt that ends
  // without a key says so plainly, a key the tracker refuses gets the tracker's reason.
  const passkey = useAction({
    send: (task: () => Promise<SignInAnswer>) => task(),
    form,
    done: land,
  });
  const latest = useRef(passkey);
  latest.current = passkey;

  // Where the browser offers passkeys in the address field (conditional UI), a ceremony waits
  // there from the start; the button, the password's sign-in and leaving the page end it.
  const autofill = useRef(0);
  const startAutofill = useRef(async () => {
    const run = ++autofill.current;
    const picked = await loadPasskey()
      .then((api) => api.pickFromAutofill(() => run === autofill.current))
      .catch(() => null);
    // A key picked there and refused is not offered again at once: a browser that picks by
    // itself (a test's) would try it for ever. The button and the password are still there.
    if (picked && run === autofill.current) await latest.current.run(picked);
  });
  useEffect(() => {
    void startAutofill.current();
    return () => {
      autofill.current += 1;
      void cancelCeremony();
    };
  }, []);

  async function onPasskey() {
    if (passkey.pending) return;
    // The button's ceremony takes the place of the autofill's.
    autofill.current += 1;
    const done = await passkey.run(() => loadPasskey().then((api) => api.signInWithButton()));
    if (!done) void startAutofill.current();
  }

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
    autofill.current += 1;
    void cancelCeremony();
    if (!(await signIn.run(api, values))) void startAutofill.current();
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
          autoComplete="username webauthn"
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
      <div className={styles.actions}>
        <p>Added a passkey? Sign in with it, without your email or password.</p>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={passkey.pending || undefined}
          onClick={() => void onPasskey()}
        >
          Sign in with a passkey
        </button>
      </div>
    </div>
  );
}
