import { MEMBER_API, type ReminderSettings } from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import { call } from '../../api/client.ts';
import { isSignInRequired } from '../../api/errors.ts';

/** The member's reminder settings, or a trip to sign-in that comes back to `here`. */
export async function loadReminders(here: string): Promise<ReminderSettings> {
  try {
    return await call(MEMBER_API.getReminders);
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    throw error;
  }
}
