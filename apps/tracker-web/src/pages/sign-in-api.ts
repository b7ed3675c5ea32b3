import { MEMBER_API, SignInForm } from '@app/contracts';
import { call } from '../api/client.ts';

export { SignInForm };

export function signIn(values: SignInForm) {
  return call(MEMBER_API.signIn, values);
}
