import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

/**
 * An S3-compatible server on loopback (s3rver, objects as files under `dir`) for tests and for
 * development fleets: the server's S3 adapter talks to it exactly as to a real bucket.
 * s3rver knows one account, S3RVER/S3RVER, and does not verify SigV4 signatures: it stands in
 * for the protocol, not for S3's access control.
 */
export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The server's variables for BLOB_STORAGE=s3 on this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface S3ServerOptions {
  /** Where objects are kept; a temporary directory (removed on close) when unset. */
  dir?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The bucket created at start (default kwarta-uploads). */
  bucket?: string;
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-s3-'));
  fs.mkdirSync(dir, { recursive: true });
  const bucket = options.bucket ?? 'kwarta-uploads';
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    ...credentials,
    env: {
      BLOB_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      await server.close();
      if (temporary) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// `node --import tsx scripts/support/s3-server.ts [--dir DIR] [--port N] [--bucket NAME]`: a
// development S3 on loopback until Ctrl-C, printing the server's variables to use it.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, port: { type: 'string' }, bucket: { type: 'string' } },
  });
  const server = await startS3Server({
    dir: values.dir,
    port: values.port === undefined ? undefined : Number(values.port),
    bucket: values.bucket,
  });
  console.log(
    Object.entries(server.env)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
