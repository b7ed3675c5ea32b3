import { call, callAt } from '@app/api-client/endpoints';
import { type CheckInLink, MEMBER_API } from '@app/contracts';
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

/** Opened from a reminder's unsubscribe link: one press stops the reminders. */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  return (
    <OnePressPage
      title="Stop reminder emails"
      problem={token ? null : 'This link is not valid. Open the newest reminder email.'}
      offer={
        token
          ? {
              text: 'We will stop emailing you reminders to check in. Your team and check-ins stay.',
              label: 'Stop reminders',
            }
          : null
      }
      press={() => callAt(MEMBER_API.unsubscribe, { query: { token: token ?? '' } })}
      footer={<Link to="/reminders">Reminder settings</Link>}
    />
  );
}
