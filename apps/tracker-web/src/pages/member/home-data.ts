import { MEMBER_API, type MemberHome } from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import { call } from '../../api/client.ts';
import { isSignInRequired } from '../../api/errors.ts';

/** The member's home (GET /api/me), or a trip to sign-in that comes back to `here`. */
export async function loadHome(here: string): Promise<MemberHome> {
  try {
    return await call(MEMBER_API.getHome);
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    throw error;
  }
}
