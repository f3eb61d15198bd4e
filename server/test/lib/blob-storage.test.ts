import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStorage, type BlobStorage } from '../../src/lib/blob-storage.ts';
import { createS3BlobStorage, type S3StorageOptions } from '../../src/lib/s3-blob-storage.ts';
import { startS3Server, type S3Server } from '../../../scripts/support/s3-server.ts';

let s3: S3Server;
let uploadsDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-uploads-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

function s3Options(overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
  return {
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    timeoutMs: 5000,
    ...overrides,
  };
}

// One contract, every adapter: the app cannot tell which one it was given.
const adapters: [string, () => BlobStorage][] = [
  ['local', () => createLocalBlobStorage(uploadsDir)],
  ['s3', () => createS3BlobStorage(s3Options())],
];

describe.each(adapters)('blob storage contract: %s', (_name, create) => {
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xfe, 0xff]);

  it('gives back the bytes put under a key, and the latest of an overwrite', async () => {
    const storage = create();
    await storage.put('complaints/abc_DEF-123.jpg', bytes, 'image/jpeg');
    expect(await storage.get('complaints/abc_DEF-123.jpg')).toEqual(bytes);
    const again = Buffer.alloc(300_000, 7);
    await storage.put('complaints/abc_DEF-123.jpg', again, 'image/jpeg');
    // Compared as bytes: a deep equal of 300,000 elements takes seconds.
    expect((await storage.get('complaints/abc_DEF-123.jpg'))?.equals(again)).toBe(true);
    // Nested keys are keys like any other.
    await storage.put('complaints/2026/nested.png', bytes, 'image/png');
    expect(await storage.get('complaints/2026/nested.png')).toEqual(bytes);
  });

  it('answers null for a key nothing was put under', async () => {
    expect(await create().get('complaints/never-stored.jpg')).toBeNull();
  });

  it('deletes, and deleting what is not there is no error', async () => {
    const storage = create();
    await storage.put('complaints/gone.webp', bytes, 'image/webp');
    await storage.delete('complaints/gone.webp');
    expect(await storage.get('complaints/gone.webp')).toBeNull();
    await storage.delete('complaints/gone.webp');
    await storage.delete('complaints/never-stored.jpg');
  });

  it('refuses a key outside the pattern, on every call, before touching the store', async () => {
    const storage = create();
    for (const key of [
      '../escape.jpg',
      'complaints/../../etc/passwd',
      'complaints/a b.jpg',
      '/abs.jpg',
      'nofolder',
    ]) {
      await expect(storage.put(key, bytes, 'image/jpeg')).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3 adapter failures', () => {
  it('stores with the content type it was given, in the configured bucket', async () => {
    const storage = createS3BlobStorage(s3Options());
    await storage.put('complaints/typed.png', Buffer.from('png bytes'), 'image/png');
    const response = await fetch(`${s3.endpoint}/${s3.bucket}/complaints/typed.png`, { method: 'HEAD' });
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('treats a missing bucket as the error it is, not as a missing image', async () => {
    const storage = createS3BlobStorage(s3Options({ bucket: 'no-such-bucket' }));
    await expect(storage.get('complaints/x.jpg')).rejects.toThrow(/bucket/i);
  });

  it('gives up on a silent S3 within its timeout and retries instead of hanging the request', async () => {
    // Accepts connections and never answers, as a wedged load balancer in front of S3 would.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const storage = createS3BlobStorage(
        s3Options({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 }),
      );
      const started = Date.now();
      await expect(storage.get('complaints/x.jpg')).rejects.toThrow();
      const elapsed = Date.now() - started;
      // Three attempts of 300 ms with the SDK's backoff between them; far below any request timeout.
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(5000);
      expect(sockets.length).toBe(3);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
