import { call, callAt } from '@app/api-client/endpoints';
import {
  type CheckInLink,
  MAIL_API,
  MAIL_KIND_TEXTS,
  MAIL_TEXTS,
  MEMBER_API,
  type UnsubscribeLink,
} from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { messageOf } from '../api/errors.ts';
import { dayInWords } from '../components/dates.ts';
import { OnePressPage } from '../components/OnePressPage.tsx';

/** What a check-in link says, or why it cannot be used (read without changing anything). */
export async function loadCheckInLink(
  token: string | undefined,
): Promise<CheckInLink | { problem: string }> {
  if (!token) return { problem: 'This link is not valid. Open the newest reminder email.' };
  try {
    return await callAt(MEMBER_API.readCheckInLink, { query: { token } });
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

/** Why a link that was read cannot be used any more. */
function linkProblem(link: CheckInLink | { problem: string }): string | null {
  if ('problem' in link) return link.problem;
  if (link.state === 'used') {
    return 'This link was used already. You can change your answer on your home page.';
  }
  if (link.state !== 'ready') return 'This link has expired. Check in on your home page instead.';
  return null;
}

/** Opened from a reminder's Yes or Not today link: nothing is recorded until the button is pressed. */
export function CheckInLinkPage({
  token,
  link,
}: {
  token: string | undefined;
  link: CheckInLink | { problem: string };
}) {
  const label = 'answer' in link ? (link.answer === 'yes' ? 'Yes' : 'Not today') : '';
  return (
    <OnePressPage
      title="Check in"
      heading="Did you do that thing?"
      problem={linkProblem(link)}
      offer={
        token && 'answer' in link && link.state === 'ready'
          ? {
              text: (
                <>
                  Record <strong>{label}</strong> for {dayInWords(link.date)}?
                </>
              ),
              label: `Record ${label}`,
            }
          : null
      }
      press={() => call(MEMBER_API.useCheckInLink, { token: token ?? '' })}
      footer={<Link to="/">Go to your home page</Link>}
    />
  );
}

/** Which kind of mail an unsubscribe link stops, or why it cannot (read, changing nothing). */
export async function loadUnsubscribeLink(
  token: string | undefined,
): Promise<UnsubscribeLink | { problem: string }> {
  if (!token) return { problem: MAIL_TEXTS.linkNotFound };
  try {
    return await callAt(MAIL_API.readUnsubscribe, { query: { token } });
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

/**
 * Opened from any mail's unsubscribe link (the List-Unsubscribe URL itself): it says which kind
 * of mail the link stops, and one press stops it. Opening it changes nothing.
 */
export function UnsubscribePage({
  token,
  link,
}: {
  token: string | undefined;
  link: UnsubscribeLink | { problem: string };
}) {
  const kind = 'kind' in link ? MAIL_KIND_TEXTS[link.kind] : null;
  return (
    <OnePressPage
      title={MAIL_TEXTS.title}
      problem={'problem' in link ? link.problem : null}
      offer={
        token && kind
          ? {
              text: `We will stop emailing you ${kind.what}. ${MAIL_TEXTS.stays}`,
              label: kind.stop,
            }
          : null
      }
      press={() => callAt(MAIL_API.unsubscribe, { query: { token: token ?? '' } })}
      footer={<Link to="/reminders">Turn emails on or off</Link>}
    />
  );
}
