import { MAX_PHOTO_BYTES } from './constants.ts';
import { MESSAGES } from './messages.ts';

/** The image types a profile photo may have (spec 5), recognised by their first bytes, never by name. */
export interface ImageType {
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  mime: string;
}

/** Bytes needed to tell the accepted formats apart. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

export function detectImageType(buf: Uint8Array): ImageType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', mime: 'image/png' };
  if (
    startsWith(buf, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(buf, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return { ext: 'gif', mime: 'image/gif' };
  // RIFF....WEBP
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8))
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}

/** Checks a chosen photo before upload (spec 5). Returns the spec's message, or null when fine. */
export function photoError(file: { size: number; type: string }): string | null {
  if (file.size > MAX_PHOTO_BYTES) return MESSAGES.photoTooLarge;
  if (!file.type.startsWith('image/')) return MESSAGES.photoNotImage;
  return null;
}
