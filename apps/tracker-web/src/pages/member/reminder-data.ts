import { call } from '@app/api-client/endpoints';
import {
  MAIL_API,
  type MailSettings,
  MEMBER_API,
  PUSH_API,
  type PushSettings,
  type ReminderSettings,
} from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import { isSignInRequired } from '../../api/errors.ts';

/** The member's mail settings: which kinds they get, when reminders come and how they go. */
export interface RemindersData {
  mails: MailSettings;
  reminders: ReminderSettings;
  /** Null when the tracker could not say (the page works without it). */
  push: PushSettings | null;
}

/** The member's mail and reminder settings, or a trip to sign-in that comes back to `here`. */
export async function loadReminders(here: string): Promise<RemindersData> {
  try {
    const [mails, reminders, push] = await Promise.all([
      call(MAIL_API.getMails),
      call(MEMBER_API.getReminders),
      call(PUSH_API.getPush).catch((error: unknown) => {
        if (isSignInRequired(error)) throw error;
        return null;
      }),
    ]);
    return { mails, reminders, push };
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    throw error;
  }
}
