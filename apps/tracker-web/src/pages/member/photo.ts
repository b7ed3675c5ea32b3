import { UPLOADS_PATH } from '@app/contracts';
import { SITE_URL } from '../../config.ts';

/**
 * Where the browser finds a member's photo: http(s) URLs and paths on this origin are used as they
 * are, `images/...` are the site's own files (the sample members' pictures), and anything else is
 * a file in the tracker's uploads, which this origin serves.
 */
export function photoUrl(photo: string | null): string | null {
  const value = photo?.trim() ?? '';
  if (value === '') return null;
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value;
  if (value.startsWith('images/')) return `${SITE_URL}/${value}`;
  return `${UPLOADS_PATH}/${value}`;
}

/** Up to two letters standing for a name where there is no photo: 'Ada Lovelace' gives 'AL'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words[words.length - 1] : undefined]
    .map((word) => (word ? [...word][0] : ''))
    .join('');
  return letters.toLocaleUpperCase() || '?';
}
