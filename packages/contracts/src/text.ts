/**
 * The path (dot-separated keys) of the first string holding a NUL character in a JSON value, or
 * null. PostgreSQL text cannot store NUL, so both servers refuse such input with a 400 before it
 * reaches the database. Walked with a stack of its own: a body nested thousands deep must not
 * overflow the call stack.
 */
export function findNul(value: unknown): string | null {
  interface Step {
    value: unknown;
    key: string;
    parent: Step | null;
  }
  const stack: Step[] = [{ value, key: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    if (typeof step.value === 'string') {
      if (!step.value.includes('\0')) continue;
      const path: string[] = [];
      for (let s: Step | null = step; s?.parent; s = s.parent) path.unshift(s.key);
      return path.join('.');
    }
    if (typeof step.value === 'object' && step.value !== null) {
      for (const [key, inner] of Object.entries(step.value)) {
        stack.push({ value: inner, key, parent: step });
      }
    }
  }
  return null;
}

/**
 * User text as one line of a plain-text mail: any run of control characters or line separators
 * becomes one space, so a name cannot start a paragraph of its own that reads like ours. (The
 * schemas refuse such names; this holds for anything stored before they did.)
 */
export function oneLine(value: string): string {
  return value.replace(CONTROL_RUNS, ' ').trim();
}

/**
 * Text typed in a text area as one sentence: each line break or tab, with the spaces around it,
 * becomes one space (the goal, a reply); any other control character is left for the schema to
 * refuse.
 */
export function lineBreaksAsSpaces(value: string): string {
  return value.replace(/\s*[\t\r\n\u2028\u2029]+\s*/g, ' ');
}

/**
 * Control characters (C0 and C1, DEL) and the Unicode line and paragraph separators: none belongs
 * in a name, a team's name or a goal, and a line break there could start a paragraph of a mail
 * that looks like ours.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_RUNS = new RegExp(`${CONTROL_CHARACTERS.source}+`, 'g');
