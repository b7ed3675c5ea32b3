import { randomBytes } from 'node:crypto';
import { HttpError } from '@app/server-kit';
import { and, eq, or } from 'drizzle-orm';
import { type EmailLinkPurpose, emailLinks } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { hashToken } from './users.ts';

/**
 * Links in mail that act without a sign-in: a random token per link and purpose, stored as its
 * SHA-256, so a token does only the one thing its mail offered.
 */

/** Makes a link's token for `purpose`; only its hash is kept. */
export async function newLink(
  tx: Db,
  userId: number,
  purpose: EmailLinkPurpose,
  localDate: string | null,
  expiresAt: Date,
) {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailLinks).values({
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
  const query = tx
    .select()
    .from(emailLinks)
    .where(
      and(
        eq(emailLinks.tokenHash, hashToken(token)),
        or(...purposes.map((p) => eq(emailLinks.purpose, p))),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (row === undefined) throw notFound();
  return row;
}
