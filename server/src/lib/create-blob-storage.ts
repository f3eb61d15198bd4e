import type { Config } from '../config.ts';
import { createLocalBlobStorage, type BlobStorage } from './blob-storage.ts';
import { createS3BlobStorage } from './s3-blob-storage.ts';

/** The configured uploads store (BLOB_STORAGE): the data directory, or a bucket every instance shares. */
export function createBlobStorage(config: Pick<Config, 'blobStorage'>): BlobStorage {
  const storage = config.blobStorage;
  return storage.kind === 's3' ? createS3BlobStorage(storage) : createLocalBlobStorage(storage.directory);
}
