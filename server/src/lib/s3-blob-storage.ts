import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type BlobStorage } from './blob-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, a test server); unset for AWS itself. */
  endpoint: string | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most S3-compatible services expect. */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Per attempt: a silent S3 must fail the request, not hang it. */
  timeoutMs: number;
}

/** Tries of each call: the SDK retries throttling, 5xx and timeouts with backoff. */
const MAX_ATTEMPTS = 3;

/**
 * Objects in one private bucket, under the same keys as the local adapter (DESIGN §1: every
 * instance sees every upload). Nothing here makes a URL: images still go out only through the
 * app's routes and their ownership checks, so the bucket needs no public or presigned access.
 */
export function createS3BlobStorage(options: S3StorageOptions): BlobStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: MAX_ATTEMPTS,
    // A dead host is known within the connection timeout; a silent one after requestTimeout of
    // no bytes, which by default only logs a warning and waits on: throwOnRequestTimeout makes it
    // fail the attempt (and the retry or the request go on).
    requestHandler: {
      connectionTimeout: Math.min(options.timeoutMs, 3000),
      requestTimeout: options.timeoutMs,
      throwOnRequestTimeout: true,
    },
    // The SDK's default CRC32 checksums (since 3.729) are refused by several S3-compatible
    // services; TLS and the signed SHA-256 of the payload already guard the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services say NoSuchKey instead.
        if (!isMissingObject(error)) throw error;
      }
    },
  };
}

/** No such object; a missing bucket is a misconfiguration and stays an error. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
