import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession, uploadFile } from '../../support/api.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import { jpegImage, pngImage } from '../../support/images.ts';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import { startS3Server, type S3Server } from '../../../../scripts/support/s3-server.ts';

/**
 * Two instances behind one load balancer (DESIGN §1) with BLOB_STORAGE=s3: a complaint's images
 * uploaded through one are served by the other, from the shared bucket, and still only to
 * their owner. On PostgreSQL the second instance even has a data directory of its own.
 */
describe.each(databaseTargets)('complaint images in S3 across two instances on %s', (target) => {
  let s3: S3Server;
  let a: TestApp;
  let b: TestApp;
  let ownDataDir: string | undefined;

  beforeAll(async () => {
    s3 = await startS3Server();
    // One key for both, as every instance of a deployment has (it would be generated per data directory).
    const shared = { ...s3.env, ACCOUNT_KEY: randomBytes(32).toString('base64') };
    a = await createTestApp(target, { env: shared });
    // SQLite's file is in the data directory, so there both instances must share it.
    if (target === 'postgres') ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-instance-b-'));
    b = await createTestApp(target, {
      sameDatabaseAs: a,
      env: { ...shared, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}) },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
  });

  async function upload(app: TestApp, session: Record<string, string>, bytes: Buffer, contentType: string) {
    const response = await uploadFile(app.app, endpoints.uploadProblemImg, {
      session,
      field: 'problemImage',
      bytes,
      filename: contentType === 'image/png' ? 'screen.png' : 'photo.jpg',
      contentType,
    });
    expect(response.envelope?.code).toBe('00');
    return (response.envelope?.data as { url: string }).url;
  }
  const read = (app: TestApp, url: string, session: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(session)}` });

  it('files a complaint with images through A and serves them through B, to the owner only', async () => {
    const session = await demoSession(a.app);
    const urls = [
      await upload(a, session, await jpegImage(), 'image/jpeg'),
      await upload(a, session, await pngImage(), 'image/png'),
    ];
    // Served by the app under its own path, never a bucket's URL.
    for (const url of urls) expect(url).toMatch(/^\/user-problem\/problem-img\/[A-Za-z0-9_-]{22}$/);

    const init = await callEndpoint(a.app, endpoints.problemInit, { session });
    const orders = (init.envelope?.data as { orderList: { orderNo: string; isShow: number }[] }).orderList;
    const saved = await callEndpoint(a.app, endpoints.problemSave, {
      session,
      body: {
        problemType: '1',
        problemSonType: '2',
        problemDetail: 'Filed through one instance, read through the other.',
        problemImage: urls.join(','),
        orderNo: orders.find((order) => order.isShow === 1)!.orderNo,
        requestId: 'req-s3-fleet-000000001',
      },
    });
    expect(saved.envelope?.code).toBe('00');
    const { problemId } = saved.envelope?.data as { problemId: number };

    const detail = await callEndpoint(b.app, endpoints.problemDetail, {
      session,
      body: { problemId: String(problemId) },
    });
    expect(detail.envelope?.data).toMatchObject({ problemId, images: urls });

    const other = await otherBorrower(b.app);
    for (const [index, url] of urls.entries()) {
      const throughA = await read(a, url, session);
      const throughB = await read(b, url, session);
      expect(throughB.statusCode).toBe(200);
      expect(throughB.headers['content-type']).toBe(index === 0 ? 'image/jpeg' : 'image/png');
      expect(throughB.headers['cache-control']).toBe('private, max-age=86400');
      expect(throughB.rawPayload.equals(throughA.rawPayload)).toBe(true);
      expect(throughB.rawPayload.length).toBeGreaterThan(100);

      // Another borrower gets the same 404 as for an image that does not exist, on either instance.
      const missing = await read(b, '/user-problem/problem-img/AAAAAAAAAAAAAAAAAAAAAA', other.session);
      for (const instance of [a, b]) {
        const foreign = await read(instance, url, other.session);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json()).toEqual(missing.json());
      }
      expect((await read(b, url, {})).statusCode).toBe(401);
    }

    // The bytes are in the bucket, under the row's key, and nowhere on either instance's disk.
    const rows = await b.app.db.selectFrom('problem_images').select('storage_key').execute();
    expect(rows).toHaveLength(2);
    for (const { storage_key } of rows) {
      const head = await fetch(`${s3.endpoint}/${s3.bucket}/${storage_key}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
    }
    for (const instance of [a, b])
      expect(fs.existsSync(path.join(instance.config.dataDir, 'uploads'))).toBe(false);
  });

  it('answers a missing object in the bucket as a missing image, not as a server error', async () => {
    const session = await demoSession(a.app);
    const url = await upload(a, session, await jpegImage(), 'image/jpeg');
    const publicId = url.split('/').at(-1)!;
    const row = await a.app.db
      .selectFrom('problem_images')
      .select('storage_key')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    await b.app.storage.delete(row.storage_key);
    expect((await read(a, url, session)).statusCode).toBe(404);
  });
});
