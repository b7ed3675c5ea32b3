import { ApiError } from '@app/api-client/errors';
import { PasskeyCeremonyError } from './webauthn.ts';

/**
 * The ceremony's answer, or its failure (no key used, none made, no passkeys in this browser) as
 * a refusal in its own plain words: a form shows an ApiError's message, and anything else as the
 * server's failure.
 */
export async function ceremonyRefusal<T>(ceremony: Promise<T>): Promise<T> {
  try {
    return await ceremony;
  } catch (failure) {
    if (!(failure instanceof PasskeyCeremonyError)) throw failure;
    throw new ApiError(failure.message, { kind: 'aborted', cause: failure });
  }
}
