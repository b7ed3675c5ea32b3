import {
  TRACKER_PASSWORD_DIGITS_MIN,
  TRACKER_PASSWORD_MESSAGES,
  TRACKER_PASSWORD_MIN,
} from '@app/contracts';
import { HttpError } from '@app/server-kit';
import { isCommonPassword } from './common-passwords.ts';

/** Whose password it is: their own address and name are refused as passwords. */
export interface PasswordOwner {
  email: string;
  name: string;
}

/** Lower case with everything but letters and digits taken out: "Ann-Lee " -> "annlee". */
const squashed = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Whether the password is the owner's address, the address's name part or their name. */
function isPersonal(password: string, owner: PasswordOwner): boolean {
  const email = owner.email.trim();
  const own = [email, email.split('@')[0] ?? '', owner.name].map(squashed).filter((s) => s !== '');
  const candidate = squashed(password);
  // "ann.lee@example.org1" and "annlee2026" are the address and the name with a number after.
  const withoutNumber = candidate.replace(/\p{N}+$/u, '');
  return own.some((s) => s === candidate || s === withoutNumber);
}

/**
 * The tracker's password rule (NIST SP 800-63B 3.1.1.2: a length, then a check against
 * passwords known to be guessed first): at least TRACKER_PASSWORD_MIN characters, not on the list
 * of common or breached passwords, not one character repeated, not digits only under
 * TRACKER_PASSWORD_DIGITS_MIN, and not the owner's own address or name. What is wrong, or null.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  const characters = [...password];
  if (characters.length < TRACKER_PASSWORD_MIN) return TRACKER_PASSWORD_MESSAGES.tooShort;
  if (isCommonPassword(password)) return TRACKER_PASSWORD_MESSAGES.common;
  if (characters.every((c) => c === characters[0])) return TRACKER_PASSWORD_MESSAGES.repeated;
  if (/^\p{Nd}+$/u.test(password) && characters.length < TRACKER_PASSWORD_DIGITS_MIN) {
    return TRACKER_PASSWORD_MESSAGES.digits;
  }
  if (isPersonal(password, owner)) return TRACKER_PASSWORD_MESSAGES.personal;
  return null;
}

/** Refuses a new password the rule refuses, with its message at the form's field `path`. */
export function refuseWeakPassword(password: string, owner: PasswordOwner, path: string): void {
  const problem = passwordProblem(password, owner);
  if (problem === null) return;
  throw new HttpError('VALIDATION_ERROR', problem, [{ path, message: problem }]);
}
