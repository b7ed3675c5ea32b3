// How the member's screens word a check-in's answer and its cheers, for the home, the team board
// and the toasts of answers sent later alike.
import type { CheckInAnswer, Person } from '@app/contracts';

/** A check-in's answer in words. */
export const ANSWER_WORDS: Record<CheckInAnswer, string> = { yes: 'Yes', 'not-today': 'Not today' };

/** 'Ann', 'Ann and Ben', 'Ann, Ben and Cai'. */
export function namesInWords(people: readonly Pick<Person, 'name'>[]): string {
  const names = people.map((p) => p.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** '2 cheers, from Ann and Ben' (or 'No cheers yet'). */
export function cheersInWords(people: readonly Pick<Person, 'name'>[]): string {
  if (people.length === 0) return 'No cheers yet';
  const count = `${people.length} cheer${people.length === 1 ? '' : 's'}`;
  return `${count}, from ${namesInWords(people)}`;
}
