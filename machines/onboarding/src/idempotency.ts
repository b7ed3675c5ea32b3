/**
 * The idempotency keys of sign-ups, bookings and feedback. Spec 9 allows no automatic retries, so
 * a call that got no answer shows its error at once; the person may press the button again. That
 * second press must not make a second account (or booking) when the first did go through, so it
 * carries the first press's key: the server answers a key it has seen with the first answer. A
 * changed payload (another email, say) is a new submission and gets a new key.
 */
export function createIdempotencyKeys(newKey: () => string) {
  let last: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const json = JSON.stringify(payload);
      if (last?.payload !== json) last = { payload: json, key: newKey() };
      return last.key;
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;
