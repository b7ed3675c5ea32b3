import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Common and breached passwords (zxcvbn-ts' list, drawn from published password dumps), compared
 * case-insensitively. Loaded on the tracker only: the browser checks the length rule, the server
 * checks the whole rule (password-rule.ts).
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFC').toLowerCase());
}
