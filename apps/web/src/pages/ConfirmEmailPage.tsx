import type { EmailConfirmation } from '@app/api-client';
import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { Await, Link, useRouter } from '@tanstack/react-router';
import { getApi } from '../api.ts';
import { Alert, type AlertVariant } from '../components/Alert.tsx';
import * as ui from '../components/ui.css.ts';
import { useHydrated } from '../components/useHydrated.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import {
  ResendConfirmation,
  useResendConfirmation,
} from '../onboarding/components/ResendConfirmation.tsx';
import * as styles from './ConfirmEmailPage.css.ts';

export type ConfirmResult =
  | { state: 'answered'; answer: EmailConfirmation }
  | { state: 'failed'; message: string };

// A token is confirmed at most once per page load: a second load of the route (a remount, a
// preload) reuses the same request instead of sending one that would answer "already used".
const requests = new Map<string, Promise<EmailConfirmation>>();

/** Confirms the token, once; a failed request may be tried again. The promise never rejects. */
export function confirmEmail(token: string): Promise<ConfirmResult> {
  let request = requests.get(token);
  if (!request) {
    request = getApi().confirmEmail(token);
    requests.set(token, request);
    request.catch(() => requests.delete(token));
  }
  return request.then(
    (answer) => ({ state: 'answered', answer }),
    (error: unknown) => ({
      state: 'failed',
      message: error instanceof Error ? error.message : String(error),
    }),
  );
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
    text: 'Confirmation links stop working after a while. Please use the link in your most recent confirmation email, or ask for a new one below.',
  },
  'unknown-token': {
    variant: 'destructive',
    title: 'We do not recognise this link',
    label: 'Unknown link',
    text: 'This confirmation link is not valid. Please check that you opened the whole link from the email, or ask for a new one below.',
  },
};

/**
 * The answer to a confirmation link. The route's loader sends the token (`result`, null when the
 * link has none or nothing is sent, as when the page is prerendered); the page says it is
 * checking until the answer comes.
 */
export function ConfirmEmailPage({
  token,
  result,
}: {
  token: string | undefined;
  result: Promise<ConfirmResult> | null;
}) {
  // The first render matches the prerendered HTML (made without the link's token, which is in the
  // query string): "checking" until the page has hydrated.
  const hydrated = useHydrated();
  if (!hydrated) return <ConfirmView view="checking" />;
  if (!token || result === null) return <ConfirmView view={token ? 'checking' : 'incomplete'} />;
  return (
    <Await promise={result} fallback={<ConfirmView view="checking" />}>
      {(answer) => <ConfirmView view={answer} />}
    </Await>
  );
}

const resendConfirmation = (email: string) => getApi().resendConfirmation(email);

function ConfirmView({ view }: { view: ConfirmResult | 'checking' | 'incomplete' }) {
  const router = useRouter();
  const outcome =
    typeof view === 'object' && view.state === 'answered' ? OUTCOMES[view.answer.outcome] : null;
  const heading =
    view === 'incomplete'
      ? 'This link is incomplete'
      : view === 'checking'
        ? 'Confirming your email address...'
        : view.state === 'failed'
          ? 'We could not confirm your email address'
          : (outcome?.title ?? '');
  // A link that no longer works: the visitor can ask for a new one with the address signed up with.
  const offerNewLink =
    outcome !== null &&
    typeof view === 'object' &&
    view.state === 'answered' &&
    (view.answer.outcome === 'expired' || view.answer.outcome === 'unknown-token');
  const resend = useResendConfirmation('', resendConfirmation);
  usePageTitle(offerNewLink && resend.invalid ? `Error: ${heading}` : heading);

  return (
    <section className={ui.pageHeader}>
      <div className={layout.container}>
        <h1 className={ui.h1}>{heading}</h1>
        <div className={ui.lead}>
          {view === 'incomplete' ? (
            <Alert variant="destructive" title="No confirmation token">
              The link has no confirmation token. Please open the link from your confirmation email
              again.
            </Alert>
          ) : view === 'checking' ? (
            <p role="status">Please wait a moment.</p>
          ) : view.state === 'failed' ? (
            <Alert variant="destructive" title={`Error: ${view.message}`}>
              <button
                type="button"
                className={button.secondary}
                onClick={() => void router.invalidate()}
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
        {offerNewLink ? (
          <div className={styles.newLink}>
            <ResendConfirmation form={resend} />
          </div>
        ) : null}
        <div className={ui.center}>
          <Link to="/" className={button.primary}>
            Return to Homepage
          </Link>
        </div>
      </div>
    </section>
  );
}
