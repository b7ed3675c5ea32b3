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
