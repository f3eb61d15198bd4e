import type { Config } from '../config.ts';
import { createLocalBlobStorage, type BlobStorage } from './blob-storage.ts';

/** The configured uploads store (BLOB_STORAGE): the data directory, or a bucket every instance shares. */
export function createBlobStorage(config: Pick<Config, 'blobStorage'>): BlobStorage {
  const storage = config.blobStorage;
  if (storage.kind === 'local') return createLocalBlobStorage(storage.directory);
  // The AWS SDK takes 200-400 ms to load: only a server that uses it pays, on its first upload or image.
  let s3: Promise<BlobStorage> | undefined;
  const open = () =>
    (s3 ??= import('./s3-blob-storage.ts').then((module) => module.createS3BlobStorage(storage)));
  return {
    put: async (key, bytes, contentType) => (await open()).put(key, bytes, contentType),
    get: async (key) => (await open()).get(key),
    delete: async (key) => (await open()).delete(key),
  };
}
