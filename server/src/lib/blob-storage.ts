import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (DESIGN §1): the data directory by default, S3-compatible storage
 * when several instances must share them. Keys are opaque, slash-separated names chosen by the
 * server (never by a client), so an adapter can map them to a file path or an object key as is.
 */
export interface BlobStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?)+$/;

/** Refuses a key outside KEY_PATTERN; every adapter checks, so none depends on the caller's care. */
export function checkKey(key: string): string {
  // Keys come from our code, but a path separator trick must never escape the directory.
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** Files under `<dataDir>/uploads`, written to a temporary name first so a reader never sees half a file. */
export function createLocalBlobStorage(root: string): BlobStorage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, bytes, { mode: 0o600 });
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
