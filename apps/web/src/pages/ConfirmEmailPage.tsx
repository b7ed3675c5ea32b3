import type { EmailConfirmation } from '@app/api-client';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getApi } from '../api.ts';
import { Alert, type AlertVariant } from '../components/Alert.tsx';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

type Result =
  | { state: 'checking' }
  | { state: 'answered'; answer: EmailConfirmation }
  | { state: 'failed'; message: string };

// A token is confirmed at most once per page load: React's development double effects, or a
// remount, reuse the same request instead of sending a second one that would answer "already used".
const requests = new Map<string, Promise<EmailConfirmation>>();

function confirmOnce(token: string): Promise<EmailConfirmation> {
  let request = requests.get(token);
  if (!request) {
    request = getApi().confirmEmail(token);
    requests.set(token, request);
    // A failed request may be tried again.
    request.catch(() => requests.delete(token));
  }
  return request;
}

const OUTCOMES: Record<
  EmailConfirmation['outcome'],
  { variant: AlertVariant; title: string; label: string; text: string }
> = {
  confirmed: {
    variant: 'success',
    title: 'Your email address is confirmed',
    label: 'Confirmed',
    text: 'Thank you! Watch your inbox over the next few days for the email telling you that your team approved your join request.',
  },
  'already-used': {
    variant: 'info',
    title: 'This link was already used',
    label: 'Already used',
    text: 'This confirmation link has been used before, so your email address is most likely confirmed already. There is nothing more to do.',
  },
  expired: {
    variant: 'warning',
    title: 'This link has expired',
    label: 'Expired',
    text: 'Confirmation links stop working after a while. Please use the link in your most recent confirmation email.',
  },
  'unknown-token': {
    variant: 'destructive',
    title: 'We do not recognise this link',
    label: 'Unknown link',
    text: 'This confirmation link is not valid. Please check that you opened the whole link from the email.',
  },
};

export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  const [result, setResult] = useState<Result>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs a failed request
  useEffect(() => {
    if (!token) return;
    let current = true;
    setResult({ state: 'checking' });
    confirmOnce(token).then(
      (answer) => {
        if (current) setResult({ state: 'answered', answer });
      },
      (error: unknown) => {
        if (current) {
          setResult({
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const outcome = result.state === 'answered' ? OUTCOMES[result.answer.outcome] : null;
  const heading = !token
    ? 'This link is incomplete'
    : result.state === 'checking'
      ? 'Confirming your email address...'
      : result.state === 'failed'
        ? 'We could not confirm your email address'
        : (outcome?.title ?? '');
  usePageTitle(heading);

  return (
    <section className={ui.pageHeader}>
      <div className={ui.container}>
        <h1 className={ui.h1}>{heading}</h1>
        <div className={ui.lead}>
          {!token ? (
            <Alert variant="destructive" title="No confirmation token">
              The link has no confirmation token. Please open the link from your confirmation email
              again.
            </Alert>
          ) : result.state === 'checking' ? (
            <p role="status">Please wait a moment.</p>
          ) : result.state === 'failed' ? (
            <Alert variant="destructive" title={`Error: ${result.message}`}>
              <button
                type="button"
                className={ui.button.secondary}
                onClick={() => setAttempt((n) => n + 1)}
              >
                Try again
              </button>
            </Alert>
          ) : outcome ? (
            <Alert variant={outcome.variant} title={outcome.label}>
              {outcome.text}
            </Alert>
          ) : null}
        </div>
        <div className={ui.center}>
          <Link to="/" className={ui.button.primary}>
            Return to Homepage
          </Link>
        </div>
      </div>
    </section>
  );
}
