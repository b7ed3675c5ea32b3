import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where uploaded photos live. Keys are relative paths such as `u/3f9c....webp`; they are what a
 * user's `image` field holds and what GET /uploads/<key> serves. Disk by default; an object store
 * can implement the same two methods.
 */
export interface PhotoStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such photo. */
  get(key: string): Promise<Buffer | null>;
  /** Removes an uploaded photo; a key that names none (or a seed photo) is left alone. */
  remove(key: string): Promise<void>;
}

/** Photos of the seed members ship with the code and are served as `seed/<file>`. */
export const SEED_PHOTOS_DIR = fileURLToPath(new URL('../seed-photos/', import.meta.url));

/** Only keys of this shape are ever read, so no request can walk out of the uploads directory. */
export const UPLOAD_KEY_PATTERN = /^(seed|u)\/[a-z0-9][a-z0-9-]{0,80}\.(jpg|png|gif|webp|svg)$/;

export function newUploadKey(ext: string): string {
  return `u/${randomBytes(16).toString('hex')}.${ext}`;
}

export function diskStorage(root: string): PhotoStorage {
  return {
    async put(key, data) {
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed so a reader never sees half a photo.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async get(key) {
      if (!UPLOAD_KEY_PATTERN.test(key)) return null;
      const file = key.startsWith('seed/')
        ? path.join(SEED_PHOTOS_DIR, key.slice('seed/'.length))
        : path.join(root, key);
      try {
        return await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      if (!UPLOAD_KEY_PATTERN.test(key) || !key.startsWith('u/')) return;
      await unlink(path.join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
