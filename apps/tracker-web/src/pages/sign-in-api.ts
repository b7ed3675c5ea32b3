import { call } from '@app/api-client/endpoints';
import { MEMBER_API, SignInForm } from '@app/contracts';

export { SignInForm };

/** Signs in with this browser's time zone, which a member without one follows from now on. */
export function signIn(values: SignInForm) {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    timeZone = undefined;
  }
  return call(MEMBER_API.signIn, { ...values, timeZone });
}
