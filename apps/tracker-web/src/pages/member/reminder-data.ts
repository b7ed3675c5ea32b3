import { call } from '@app/api-client/endpoints';
import {
  type DigestSettings,
  MEMBER_API,
  PUSH_API,
  type PushSettings,
  type ReminderSettings,
  TEAM_LIFE_API,
} from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import { isSignInRequired } from '../../api/errors.ts';

/** The member's mail settings: reminders, how they go, and the daily digest. */
export interface MailSettings {
  reminders: ReminderSettings;
  digest: DigestSettings;
  /** Null when the tracker could not say (the page works without it). */
  push: PushSettings | null;
}

/** The member's reminder and digest settings, or a trip to sign-in that comes back to `here`. */
export async function loadReminders(here: string): Promise<MailSettings> {
  try {
    const [reminders, digest, push] = await Promise.all([
      call(MEMBER_API.getReminders),
      call(TEAM_LIFE_API.getDigest),
      call(PUSH_API.getPush).catch((error: unknown) => {
        if (isSignInRequired(error)) throw error;
        return null;
      }),
    ]);
    return { reminders, digest, push };
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    throw error;
  }
}
