import { TRACKER_PASSWORD_MESSAGES } from '@app/contracts';
import { HttpError } from '@app/server-kit';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Common and breached passwords (zxcvbn-ts' list, drawn from published password dumps), compared
 * case-insensitively. Loaded on the tracker only: the browser checks the length rule, the server
 * checks both.
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFC').toLowerCase());
}

/** Refuses a new password found on the list, with the rule's message at the field `path`. */
export function refuseCommonPassword(password: string, path: string): void {
  if (!isCommonPassword(password)) return;
  throw new HttpError('VALIDATION_ERROR', TRACKER_PASSWORD_MESSAGES.common, [
    { path, message: TRACKER_PASSWORD_MESSAGES.common },
  ]);
}
