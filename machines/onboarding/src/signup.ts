/**
 * The idempotency keys of sign-ups. Spec 9 allows no automatic retries, so a sign-up that got no
 * answer shows its error at once; the person may press Submit again. That second press must not
 * make a second account when the first did go through, so it carries the first press's key: the
 * server answers a key it has seen with the first answer. A changed payload (another email, say)
 * is a new sign-up and gets a new key.
 */
export function createSignupKeys(newKey: () => string) {
  let last: { payload: string; key: string } | null = null;
  return {
    keyFor(payload: unknown): string {
      const json = JSON.stringify(payload);
      if (last?.payload !== json) last = { payload: json, key: newKey() };
      return last.key;
    },
  };
}

export type SignupKeys = ReturnType<typeof createSignupKeys>;
