import { call, callAt } from '@app/api-client/endpoints';
import { QUIET_TEXTS, type QuietLink, TEAM_LIFE_API } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { messageOf } from '../api/errors.ts';
import { OnePressPage } from '../components/OnePressPage.tsx';

/** What a "we miss you" link would do, or why it cannot (read without changing anything). */
export async function loadQuietLink(
  token: string | undefined,
): Promise<QuietLink | { problem: string }> {
  if (!token) return { problem: QUIET_TEXTS.linkNotFound };
  try {
    return await callAt(TEAM_LIFE_API.readQuietLink, { query: { token } });
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

const LABELS = { back: QUIET_TEXTS.back, pause: QUIET_TEXTS.pause, leave: QUIET_TEXTS.leave };

const WHAT = {
  back: 'Your team knows you are back. Today is not answered for you: your home asks as usual.',
  pause: 'Your check-ins and reminders pause for a week from today. Your seat is kept.',
  leave: 'You leave the team and your seat goes to someone waiting for one. Your account stays.',
} as const;

/** Why a link that was read cannot be used any more. */
function linkProblem(link: QuietLink | { problem: string }): string | null {
  if ('problem' in link) return link.problem;
  if (link.state === 'used') return QUIET_TEXTS.linkUsed;
  if (link.state !== 'ready') return QUIET_TEXTS.linkExpired;
  return null;
}

/** Opened from one of the "we miss you" email's answers: nothing happens until the press. */
export function QuietLinkPage({
  token,
  link,
}: {
  token: string | undefined;
  link: QuietLink | { problem: string };
}) {
  return (
    <OnePressPage
      title={QUIET_TEXTS.missYou}
      problem={linkProblem(link)}
      offer={
        token && 'action' in link && link.state === 'ready'
          ? {
              text: `${WHAT[link.action]}${link.team ? ` (Team ${link.team})` : ''}`,
              label: LABELS[link.action],
              danger: link.action === 'leave',
            }
          : null
      }
      press={() => call(TEAM_LIFE_API.useQuietLink, { token: token ?? '' })}
      footer={<Link to="/">Go to your home page</Link>}
    />
  );
}

/** Opened from a weekly recap's unsubscribe link: one press stops the recaps. */
export function StopRecapsPage({ token }: { token: string | undefined }) {
  return (
    <OnePressPage
      title="Stop weekly recaps"
      problem={token ? null : 'This link is not valid. Open the newest weekly recap.'}
      offer={
        token
          ? {
              text: "We will stop the Sunday email with your team's week. Your team, check-ins and reminders stay.",
              label: 'Stop weekly recaps',
            }
          : null
      }
      press={() => callAt(TEAM_LIFE_API.recapUnsubscribe, { query: { token: token ?? '' } })}
      footer={<Link to="/">Go to your home page</Link>}
    />
  );
}
