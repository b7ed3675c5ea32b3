import {
  type DigestSettings,
  MEMBER_API,
  type ReminderSettings,
  TEAM_LIFE_API,
} from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import { call } from '../../api/client.ts';
import { isSignInRequired } from '../../api/errors.ts';

/** The member's mail settings: reminders and the daily digest. */
export interface MailSettings {
  reminders: ReminderSettings;
  digest: DigestSettings;
}

/** The member's reminder and digest settings, or a trip to sign-in that comes back to `here`. */
export async function loadReminders(here: string): Promise<MailSettings> {
  try {
    const [reminders, digest] = await Promise.all([
      call(MEMBER_API.getReminders),
      call(TEAM_LIFE_API.getDigest),
    ]);
    return { reminders, digest };
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    throw error;
  }
}
