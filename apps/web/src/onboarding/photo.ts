import { detectImageType, IMAGE_SIGNATURE_BYTES } from '@app/contracts';

/**
 * The chosen file, typed by what its first bytes say it is rather than by its name: a text file
 * renamed `.png` comes back with no type, so the machine's photo check refuses it at once, before
 * anything is previewed or uploaded.
 */
export async function typedByContent(file: File): Promise<File> {
  let mime = '';
  try {
    const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
    mime = detectImageType(head)?.mime ?? '';
  } catch {
    // An unreadable file is no photo.
  }
  return mime === file.type ? file : new File([file], file.name, { type: mime });
}
