// Password hashing on the pool's threads (see password.ts): the synchronous calls, since each task
// has a thread of its own.
import { hashSync, verifySync } from '@node-rs/argon2';

export function hash({ password, options }) {
  return hashSync(password, options);
}

export function verify({ stored, password }) {
  try {
    return verifySync(stored, password);
  } catch {
    return false;
  }
}
