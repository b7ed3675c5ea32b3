import { HttpError } from '@app/server-kit';
import type { EmailLinkPurpose } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { emailLinksRepository } from '../repositories/email-links.ts';
import { hashToken, newToken } from './one-use-links.ts';

/**
 * Links in mail that act without a sign-in and may be pressed again (the opt-outs): a random
 * token per link and purpose, stored as its SHA-256, so a token does only the one thing its mail
 * offered. Links that act once are made and used through one-use-links.ts.
 */

/** Makes a link's token for `purpose`; only its hash is kept. */
export async function newLink(
  tx: Db,
  userId: number,
  purpose: EmailLinkPurpose,
  localDate: string | null,
  expiresAt: Date,
) {
  const token = newToken();
  await emailLinksRepository(tx).insert({
    userId,
    purpose,
    localDate,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return token;
}

/** `base` + `path` with the token as its query. */
export const linkUrl = (base: string, path: string, token: string) =>
  `${base}${path}?token=${encodeURIComponent(token)}`;

export const LINK_NOT_FOUND = (
  message = 'This link is not valid. Open the newest reminder email.',
) => new HttpError('TOKEN_NOT_FOUND', message);
export const LINK_EXPIRED = (
  message = 'This link has expired. Check in on your home page instead.',
) => new HttpError('TOKEN_EXPIRED', message);

/** The link a token names for one of `purposes`, locked when asked; else TOKEN_NOT_FOUND. */
export async function linkOf(
  tx: Db,
  token: string,
  purposes: readonly EmailLinkPurpose[],
  { lock = false, notFound = () => LINK_NOT_FOUND() } = {},
) {
  const row = await emailLinksRepository(tx).find(hashToken(token), purposes, lock);
  if (row === null) throw notFound();
  return row;
}
