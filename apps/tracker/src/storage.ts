import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { photos } from './db/schema.ts';
import type { Db } from './db/types.ts';
import { MIME_BY_EXT } from './image.ts';

/** A stored photo as it is served. */
export interface StoredPhoto {
  bytes: Buffer;
  contentType: string;
  /** SHA-256 of the bytes, hex: the strong ETag it is served with. */
  sha256: string;
}

/**
 * Where uploaded photos live. Keys are relative paths such as `u/3f9c....webp`; they are what a
 * user's `image` field holds and what GET UPLOADS_PATH/<key> serves, and a key's bytes never change.
 * Two stores: the data directory's disk (PGlite, one tracker) and PostgreSQL (DATABASE_URL, every
 * tracker on the database serves every photo). An S3-compatible object store would be a third
 * implementation of these three methods (README: Photos).
 */
export interface PhotoStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such photo. */
  get(key: string): Promise<StoredPhoto | null>;
  /** Removes an uploaded photo; a key that names none (or a seed photo) is left alone. */
  remove(key: string): Promise<void>;
}

/** Photos of the seed members ship with the code and are served as `seed/<file>`. */
export const SEED_PHOTOS_DIR = fileURLToPath(new URL('../seed-photos/', import.meta.url));

/** Only keys of this shape are ever read, so no request can walk out of the uploads directory. */
export const UPLOAD_KEY_PATTERN = /^(seed|u)\/[a-z0-9][a-z0-9-]{0,80}\.(jpg|png|gif|webp|svg)$/;

/** The uploads' folder inside the data directory. */
export const UPLOADS_SUBDIR = 'uploads';

export function newUploadKey(ext: string): string {
  return `u/${randomBytes(16).toString('hex')}.${ext}`;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const contentTypeOf = (key: string) =>
  MIME_BY_EXT[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

function storedPhoto(key: string, bytes: Buffer): StoredPhoto {
  return { bytes, contentType: contentTypeOf(key), sha256: sha256Of(bytes) };
}

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A seed photo (`seed/<file>`), from the code's own folder whatever the store. */
async function seedPhoto(key: string): Promise<StoredPhoto | null> {
  const bytes = await readOrNull(path.join(SEED_PHOTOS_DIR, key.slice('seed/'.length)));
  return bytes && storedPhoto(key, bytes);
}

const isUpload = (key: string) => UPLOAD_KEY_PATTERN.test(key) && key.startsWith('u/');

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
      if (key.startsWith('seed/')) return seedPhoto(key);
      const bytes = await readOrNull(path.join(root, key));
      return bytes && storedPhoto(key, bytes);
    },
    async remove(key) {
      if (!isUpload(key)) return;
      await unlink(path.join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** Photos as rows of the `photos` table, with their content type, size and SHA-256. */
export function databaseStorage(db: Db): PhotoStorage {
  return {
    async put(key, data) {
      const { contentType, sha256 } = storedPhoto(key, data);
      // Keys are random and never reused: a second put of one (a retried move) changes nothing.
      await db
        .insert(photos)
        .values({ key, contentType, size: data.length, sha256, bytes: data })
        .onConflictDoNothing();
    },
    async get(key) {
      if (!UPLOAD_KEY_PATTERN.test(key)) return null;
      if (key.startsWith('seed/')) return seedPhoto(key);
      const [row] = await db
        .select({ bytes: photos.bytes, contentType: photos.contentType, sha256: photos.sha256 })
        .from(photos)
        .where(eq(photos.key, key));
      return row ? { ...row, bytes: Buffer.from(row.bytes) } : null;
    },
    async remove(key) {
      if (!isUpload(key)) return;
      await db.delete(photos).where(eq(photos.key, key));
    },
  };
}

export interface MoveReport {
  /** Copied into the store and removed from the disk. */
  moved: number;
  /** Already in the store with the same bytes (an earlier run): removed from the disk. */
  alreadyThere: number;
  /** In the store with other bytes under the same key: left on the disk, named here. */
  conflicts: string[];
}

/**
 * Moves the uploaded photos of a data directory into another store (PostgreSQL), each removed
 * from the disk only once the store holds the same bytes, so a run cut short is run again.
 */
export async function movePhotos(uploadsDir: string, to: PhotoStorage): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, alreadyThere: 0, conflicts: [] };
  const names = await readdir(path.join(uploadsDir, 'u')).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names.sort()) {
    const key = `u/${name}`;
    // Half-written files (`.tmp`) and anything else that is not a photo's key stay where they are.
    if (!isUpload(key)) continue;
    const file = path.join(uploadsDir, key);
    const bytes = await readOrNull(file);
    if (!bytes) continue;
    const sha256 = sha256Of(bytes);
    const before = await to.get(key);
    if (before === null) await to.put(key, bytes);
    const stored = before ?? (await to.get(key));
    if (stored?.sha256 !== sha256) {
      report.conflicts.push(key);
      continue;
    }
    await unlink(file);
    if (before === null) report.moved += 1;
    else report.alreadyThere += 1;
  }
  return report;
}
