import { UPLOADS_PATH } from '@app/contracts';

/**
 * Where the browser finds a photo (spec 3, "Photo URL resolution"): paths under `images/` are files
 * the web app ships at the site root, http(s) URLs are used as they are, and anything else is a path
 * inside the tracker's uploads, which the site serves at UPLOADS_PATH.
 */

export function resolvePhotoUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('images/')) return `/${trimmed}`;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `${UPLOADS_PATH}/${trimmed.replace(/^\/+/, '')}`;
}
