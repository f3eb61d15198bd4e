import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markets, messages, endpoints } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain';
import { callEndpoint, demoSession, uploadFile } from '../../support/api.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import { GPS_DATUM, jpegImage, phonePhoto, pngImage } from '../../support/images.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { recordComplaintReply, ReplyRefused } from '../../../src/features/complaints/complaint-reply.ts';
import { purgeUnattachedImages } from '../../../src/features/complaints/problem-images.ts';

describe.each(databaseTargets)('complaints on %s', (target) => {
  const clock = testClock('2026-11-22T08:00:00.000Z');
  let t: TestApp;
  let session: Record<string, string>;
  let other: Awaited<ReturnType<typeof otherBorrower>>;
  let uploadsDir: string;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
    session = await demoSession(t.app);
    other = await otherBorrower(t.app);
    uploadsDir = path.join(t.config.dataDir, 'uploads');
  });
  afterAll(() => t.close());

  const upload = (bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', as = session) =>
    uploadFile(t.app, endpoints.uploadProblemImg, {
      session: as,
      field: 'problemImage',
      bytes,
      filename,
      contentType,
    });
  const storedFiles = () =>
    fs.existsSync(uploadsDir)
      ? fs.readdirSync(uploadsDir, { recursive: true }).filter((f) => String(f).includes('.'))
      : [];
  const imageRows = async () => (await t.app.db.selectFrom('problem_images').selectAll().execute()).length;
  const problemRows = async () => (await t.app.db.selectFrom('problems').selectAll().execute()).length;
  const readImage = (url: string, as: Record<string, string> = session) =>
    t.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(as)}` });

  async function demoOrders() {
    const init = await callEndpoint(t.app, endpoints.problemInit, { session });
    const data = init.envelope?.data as {
      orderList: { orderId: number; orderNo: string; isShow: number; status: number }[];
    };
    return {
      allowed: data.orderList.find((order) => order.isShow === 1)!,
      refused: data.orderList.find((order) => order.isShow === 0)!,
    };
  }

  async function uploadedUrl(bytes?: Buffer, as = session): Promise<string> {
    const response = await upload(bytes ?? (await jpegImage()), 'photo.jpg', 'image/jpeg', as);
    expect(response.envelope?.code).toBe('00');
    return (response.envelope?.data as { url: string }).url;
  }

  describe('problem-init', () => {
    it('answers the question types from configuration, the chosen order card and every order of the borrower', async () => {
      const response = await callEndpoint(t.app, endpoints.problemInit, {
        session,
        body: { orderId: session.orderId! },
      });
      expect(response.status).toBe(200);
      const data = response.envelope?.data as Record<string, unknown> & {
        problemType: { title: string; value: number; icon: string }[];
        problemSonType: unknown[];
        orderDetail: Record<string, unknown>;
        orderList: unknown[];
      };
      expect(data.problemType.map((type) => type.value)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(data.problemType.slice(0, 3).every((type) => type.icon.endsWith('.svg'))).toBe(true);
      expect(data.problemSonType.length).toBeGreaterThan(0);
      expect(data.orderList).toHaveLength(12);
      expect(data.orderDetail).toMatchObject({
        orderId: Number(session.orderId),
        status: 170,
        statusText: messages.orderStatus170,
        isShow: 1,
        productName: 'Kwarta Flex',
      });
      expect(data.orderDetail.list).toContainEqual({
        title: messages.orderCardOrderNo,
        value: data.orderDetail.orderNo,
      });
      // The amount prints as the configured (default) market does: dot thousands, comma decimals.
      const { principal } = await t.app.db
        .selectFrom('orders')
        .select('principal')
        .where('id', '=', Number(session.orderId))
        .executeTakeFirstOrThrow();
      const amount = (data.orderDetail.list as { title: string; value: string }[]).find(
        (row) => row.title === messages.orderCardAmount,
      );
      expect(amount?.value).toBe(formatMoney(principal, markets.spec.money));
      expect(amount?.value).toMatch(/^₱\d{1,3}(\.\d{3})*,\d{2}$/);
    });

    it('without a payload (the second variant) takes the latest order as the card', async () => {
      const response = await callEndpoint(t.app, endpoints.problemInit, { session });
      const data = response.envelope?.data as {
        orderDetail: { orderNo: string };
        orderList: { orderNo: string }[];
      };
      expect(data.orderDetail.orderNo).toBe(data.orderList[0]!.orderNo);
    });

    it("answers another borrower's order exactly like a missing one", async () => {
      const foreign = await callEndpoint(t.app, endpoints.problemInit, {
        session,
        body: { orderId: String(other.order.id) },
      });
      const missing = await callEndpoint(t.app, endpoints.problemInit, {
        session,
        body: { orderId: '987654' },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.raw).toEqual(missing.raw);
      expect(foreign.status).toBe(missing.status);
    });
  });

  describe('upload-problem-img (D11)', () => {
    it('stores a JPEG re-encoded, upright, and without its GPS position or other EXIF', async () => {
      const photo = await phonePhoto(640, 480);
      const before = await sharp(photo).metadata();
      expect(before.orientation).toBe(6);
      expect(photo.includes(GPS_DATUM)).toBe(true);

      const url = await uploadedUrl(photo);
      expect(url).toMatch(/^\/user-problem\/problem-img\/[A-Za-z0-9_-]{22}$/);
      const served = await readImage(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const stored = served.rawPayload;
      expect(stored.includes(GPS_DATUM)).toBe(false);
      expect(stored.includes('KwartaCam')).toBe(false);
      const after = await sharp(stored).metadata();
      expect(after.exif).toBeUndefined();
      // Orientation 6 applied to the pixels: the landscape sensor image is a portrait photo now.
      expect([after.width, after.height]).toEqual([480, 640]);
    });

    it('stores a PNG as PNG', async () => {
      const url = await uploadedUrl(await pngImage());
      const served = await readImage(url);
      expect(served.headers['content-type']).toBe('image/png');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    });

    it('scales a large phone photo down to 2560 px on its longest side', async () => {
      const url = await uploadedUrl(await phonePhoto(4000, 3000));
      const stored = await sharp((await readImage(url)).rawPayload).metadata();
      expect([stored.width, stored.height]).toEqual([1920, 2560]);
    });

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    it.each([
      [
        'a text file renamed .jpg',
        async () => Buffer.from('Just some notes, not a photo.\n'),
        'notes.jpg',
        'image/jpeg',
        messages.uploadNotImage,
        400,
      ],
      ['an SVG', async () => Buffer.from(svg), 'picture.svg', 'image/svg+xml', messages.uploadNotImage, 400],
      [
        'an SVG named .png',
        async () => Buffer.from(svg),
        'picture.png',
        'image/png',
        messages.uploadNotImage,
        400,
      ],
      [
        'a JPEG with an HTML page appended (polyglot)',
        async () =>
          Buffer.concat([
            await jpegImage(),
            Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
          ]),
        'photo.jpg',
        'image/jpeg',
        messages.uploadHiddenContent,
        400,
      ],
      [
        'a PNG with a ZIP archive appended (polyglot)',
        async () =>
          Buffer.concat([
            await pngImage(),
            Buffer.from('PK\x03\x04\x14\x00\x00\x00payload.php<?= 1 ?>', 'latin1'),
          ]),
        'photo.png',
        'image/png',
        messages.uploadHiddenContent,
        400,
      ],
      [
        'a 30-megapixel PNG',
        async () =>
          sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
        'big.png',
        'image/png',
        messages.uploadTooManyPixels,
        400,
      ],
      [
        'a file over 10 MB',
        async () => Buffer.concat([await jpegImage(), Buffer.alloc(10 * 1024 * 1024, 0x11)]),
        'huge.jpg',
        'image/jpeg',
        messages.uploadTooLarge,
        413,
      ],
      [
        'a truncated JPEG',
        async () => (await jpegImage()).subarray(0, 400),
        'cut.jpg',
        'image/jpeg',
        messages.uploadUnreadable,
        400,
      ],
    ])(
      'refuses %s with a clear message and stores nothing',
      async (_name, make, filename, contentType, message, status) => {
        const bytes = await make();
        const files = storedFiles().length;
        const rows = await imageRows();
        const response = await upload(bytes, filename, contentType);
        expect(response.status).toBe(status);
        expect(response.envelope).toEqual({ code: '400', message, data: null });
        expect(storedFiles()).toHaveLength(files);
        expect(await imageRows()).toBe(rows);
      },
    );

    it('refuses a request without a file, and one without a session, storing nothing', async () => {
      const rows = await imageRows();
      const empty = await callEndpoint(t.app, endpoints.uploadProblemImg, { session, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.envelope?.message).toBe(messages.uploadNotMultipart);
      const anonymous = await upload(await jpegImage(), 'photo.jpg', 'image/jpeg', {});
      expect(anonymous.status).toBe(401);
      expect(await imageRows()).toBe(rows);
    });

    it('serves an image only to its owner: another borrower gets the same 404 as for a missing image', async () => {
      const url = await uploadedUrl();
      const foreign = await readImage(url, other.session);
      const missing = await readImage('/user-problem/problem-img/AAAAAAAAAAAAAAAAAAAAAA', other.session);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.statusCode).toBe(missing.statusCode);
      expect(foreign.json()).toEqual(missing.json());
      expect((await readImage(url, {})).statusCode).toBe(401);
    });
  });

  describe('problem-save', () => {
    const save = (body: Record<string, string>, as = session) =>
      callEndpoint(t.app, endpoints.problemSave, { session: as, body });

    it('files a complaint with its images, which then appears in the list and the detail', async () => {
      const { allowed } = await demoOrders();
      const urls = [await uploadedUrl(), await uploadedUrl(await pngImage())];
      const response = await save({
        problemType: '1',
        problemSonType: '2',
        problemDetail: '  The agent called my sister at 11 pm.  ',
        problemImage: urls.join(','),
        orderNo: allowed.orderNo,
        requestId: 'req-0001-aaaaaaaaaaaa',
      });
      expect(response.envelope?.code).toBe('00');
      const { problemId } = response.envelope?.data as { problemId: number };

      const detail = await callEndpoint(t.app, endpoints.problemDetail, {
        session,
        body: { problemId: String(problemId) },
      });
      expect(detail.envelope?.data).toMatchObject({
        problemId,
        type: 'Collection complaint',
        sonType: 'Contacted my family or friends',
        content: 'The agent called my sister at 11 pm.',
        images: urls,
        disposeDetail: '',
        disposeImages: [],
        isNeedScore: 0,
      });
      const list = await callEndpoint(t.app, endpoints.problemList, { session });
      const tabs = (
        list.envelope?.data as {
          tabs: {
            key: string;
            title: string;
            list: { id: number; type: string; content: string; time: string }[];
          }[];
        }
      ).tabs;
      expect(tabs.map((tab) => tab.title)).toEqual([
        messages.complaintTabInProgress,
        messages.complaintTabReplied,
      ]);
      expect(tabs[0]!.list[0]).toEqual({
        id: problemId,
        time: clock.now().toISOString(),
        type: 'Collection complaint / Contacted my family or friends',
        content: 'The agent called my sister at 11 pm.',
      });
    });

    it('files a double tap once: the same requestId answers with the same complaint', async () => {
      const { refused } = await demoOrders();
      const body = {
        problemType: '2',
        problemSonType: '',
        problemDetail: 'Paid twice',
        problemImage: '',
        orderNo: refused.orderNo,
        requestId: 'req-0002-bbbbbbbbbbbb',
      };
      const rows = await problemRows();
      const [first, second] = await Promise.all([save(body), save(body)]);
      expect(first.envelope?.data).toEqual(second.envelope?.data);
      expect(await problemRows()).toBe(rows + 1);
    });

    it.each([
      ['an empty description', { problemDetail: '   ' }, messages.complaintEmpty],
      ['201 characters', { problemDetail: 'x'.repeat(201) }, messages.complaintTooLong],
      ['an unknown type', { problemType: '99' }, messages.complaintTypeInvalid],
      [
        'a collection complaint without a sub-type',
        { problemType: '1', problemSonType: '' },
        messages.complaintTypeInvalid,
      ],
      [
        'a sub-type on a type without sub-types',
        { problemType: '2', problemSonType: '3' },
        messages.complaintTypeInvalid,
      ],
    ])('refuses %s with the catalogue text and writes nothing', async (_name, change, message) => {
      const { allowed } = await demoOrders();
      const rows = await problemRows();
      const response = await save({
        problemType: '2',
        problemDetail: 'Something',
        problemImage: '',
        orderNo: allowed.orderNo,
        ...change,
      });
      expect(response.status).toBe(400);
      expect(response.envelope).toEqual({ code: '400', message, data: null });
      expect(await problemRows()).toBe(rows);
    });

    it('accepts exactly 200 characters', async () => {
      const { allowed } = await demoOrders();
      const response = await save({
        problemType: '3',
        problemDetail: 'y'.repeat(200),
        orderNo: allowed.orderNo,
      });
      expect(response.envelope?.code).toBe('00');
    });

    it('refuses a collection complaint on an order whose isShow is not 1', async () => {
      const { refused } = await demoOrders();
      const rows = await problemRows();
      const response = await save({
        problemType: '1',
        problemSonType: '1',
        problemDetail: 'Rude caller',
        orderNo: refused.orderNo,
      });
      expect(response.envelope).toEqual({ code: '400', message: messages.collectionTypeRefused, data: null });
      expect(await problemRows()).toBe(rows);
    });

    it('refuses a tenth image', async () => {
      const { allowed } = await demoOrders();
      const image = await jpegImage(64, 64);
      const urls: string[] = [];
      for (let index = 0; index < 10; index += 1) urls.push(await uploadedUrl(image));
      const rows = await problemRows();
      const response = await save({
        problemType: '2',
        problemDetail: 'Ten photos',
        problemImage: urls.join(','),
        orderNo: allowed.orderNo,
      });
      expect(response.envelope).toEqual({
        code: '400',
        message: messages.complaintTooManyImages,
        data: null,
      });
      expect(await problemRows()).toBe(rows);
      const nine = await save({
        problemType: '2',
        problemDetail: 'Nine photos',
        problemImage: urls.slice(0, 9).join(','),
        orderNo: allowed.orderNo,
      });
      expect(nine.envelope?.code).toBe('00');
    });

    it("answers another borrower's order or image exactly like a missing one, writing nothing", async () => {
      const { allowed } = await demoOrders();
      const rows = await problemRows();
      const base = { problemType: '2', problemDetail: 'Whose is it?', problemImage: '' };
      const foreignOrder = await save({ ...base, orderNo: other.order.order_no });
      const missingOrder = await save({ ...base, orderNo: 'KW-NO-SUCH-ORDER' });
      expect(foreignOrder.status).toBe(404);
      expect([foreignOrder.status, foreignOrder.raw]).toEqual([missingOrder.status, missingOrder.raw]);

      const foreignImage = await save({
        ...base,
        orderNo: allowed.orderNo,
        problemImage: await uploadedUrl(undefined, other.session),
      });
      const missingImage = await save({
        ...base,
        orderNo: allowed.orderNo,
        problemImage: '/user-problem/problem-img/AAAAAAAAAAAAAAAAAAAAAA',
      });
      expect(foreignImage.status).toBe(404);
      expect([foreignImage.status, foreignImage.raw]).toEqual([missingImage.status, missingImage.raw]);
      expect(foreignImage.envelope?.message).toBe(messages.complaintImageNotFound);
      expect(await problemRows()).toBe(rows);
    });

    it('refuses an image already attached to another complaint', async () => {
      const { allowed } = await demoOrders();
      const url = await uploadedUrl();
      expect(
        (
          await save({
            problemType: '2',
            problemDetail: 'First',
            problemImage: url,
            orderNo: allowed.orderNo,
          })
        ).envelope?.code,
      ).toBe('00');
      const again = await save({
        problemType: '2',
        problemDetail: 'Second',
        problemImage: url,
        orderNo: allowed.orderNo,
      });
      expect(again.status).toBe(404);
    });
  });

  describe('agent reply, problem-detail and save-score', () => {
    async function fileComplaint(as = session, orderNo?: string) {
      const response = await callEndpoint(t.app, endpoints.problemSave, {
        session: as,
        body: { problemType: '5', problemDetail: 'Please add dark mode', ...(orderNo ? { orderNo } : {}) },
      });
      return (response.envelope?.data as { problemId: number }).problemId;
    }

    it('shows the reply with its images and asks for a rating, which is saved once', async () => {
      const problemId = await fileComplaint();
      const detail = () =>
        callEndpoint(t.app, endpoints.problemDetail, { session, body: { problemId: String(problemId) } });
      const score = (value: string) =>
        callEndpoint(t.app, endpoints.saveScore, {
          session,
          body: { score: value, problemId: String(problemId) },
        });

      const early = await score('5');
      expect(early.envelope).toEqual({ code: '409', message: messages.complaintScoreNotAsked, data: null });

      await recordComplaintReply(
        { db: t.app.db, storage: t.app.storage },
        {
          problemId,
          text: 'Thank you, we have passed this on.',
          images: [await jpegImage(200, 100)],
          agent: 'agent:test',
          now: clock.now(),
        },
      );
      const replied = (await detail()).envelope?.data as {
        disposeDetail: string;
        disposeImages: string[];
        isNeedScore: number;
      };
      expect(replied.disposeDetail).toBe('Thank you, we have passed this on.');
      expect(replied.disposeImages).toHaveLength(1);
      expect(replied.isNeedScore).toBe(1);
      expect((await readImage(replied.disposeImages[0]!)).statusCode).toBe(200);
      expect((await readImage(replied.disposeImages[0]!, other.session)).statusCode).toBe(404);

      for (const bad of ['0', '6', 'five', '']) expect((await score(bad)).status).toBe(400);
      expect((await score('4')).envelope).toEqual({ code: '00', message: messages.success, data: null });
      expect(((await detail()).envelope?.data as { isNeedScore: number }).isNeedScore).toBe(0);
      expect((await score('5')).envelope).toEqual({
        code: '409',
        message: messages.complaintScoreSaved,
        data: null,
      });
      const row = await t.app.db
        .selectFrom('problems')
        .select(['score'])
        .where('id', '=', problemId)
        .executeTakeFirstOrThrow();
      expect(row.score).toBe(4);

      const list = (await callEndpoint(t.app, endpoints.problemList, { session })).envelope?.data as {
        tabs: { key: string; list: { id: number }[] }[];
      };
      expect(list.tabs.find((tab) => tab.key === 'replied')!.list.map((item) => item.id)).toContain(
        problemId,
      );
      expect(list.tabs.find((tab) => tab.key === 'inProgress')!.list.map((item) => item.id)).not.toContain(
        problemId,
      );
    });

    it('refuses a second reply', async () => {
      const problemId = await fileComplaint();
      const deps = { db: t.app.db, storage: t.app.storage };
      await recordComplaintReply(deps, {
        problemId,
        text: 'One',
        images: [],
        agent: 'agent:test',
        now: clock.now(),
      });
      await expect(
        recordComplaintReply(deps, {
          problemId,
          text: 'Two',
          images: [],
          agent: 'agent:test',
          now: clock.now(),
        }),
      ).rejects.toThrow(/already/);
    });

    it('answers two replies at once with one reply and one refusal, not an error', async () => {
      const problemId = await fileComplaint();
      const deps = { db: t.app.db, storage: t.app.storage };
      const outcomes = await Promise.allSettled(
        ['One', 'Two', 'Three'].map((text) =>
          recordComplaintReply(deps, { problemId, text, images: [], agent: 'agent:test', now: clock.now() }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ReplyRefused);
      }
    });

    it("answers another borrower's problem exactly like a missing one, in detail and save-score", async () => {
      const foreignId = await fileComplaint(other.session, other.order.order_no);
      await recordComplaintReply(
        { db: t.app.db, storage: t.app.storage },
        { problemId: foreignId, text: 'Hi', images: [], agent: 'agent:test', now: clock.now() },
      );
      for (const endpoint of [endpoints.problemDetail, endpoints.saveScore]) {
        const foreign = await callEndpoint(t.app, endpoint, {
          session,
          body: { problemId: String(foreignId), score: '5' },
        });
        const missing = await callEndpoint(t.app, endpoint, {
          session,
          body: { problemId: '987654', score: '5' },
        });
        expect(foreign.status).toBe(404);
        expect([foreign.status, foreign.raw]).toEqual([missing.status, missing.raw]);
      }
      const row = await t.app.db
        .selectFrom('problems')
        .select(['score'])
        .where('id', '=', foreignId)
        .executeTakeFirstOrThrow();
      expect(row.score).toBeNull();
      // And the list shows only the caller's own complaints.
      const list = (await callEndpoint(t.app, endpoints.problemList, { session })).envelope?.data as {
        tabs: { list: { id: number }[] }[];
      };
      expect(list.tabs.flatMap((tab) => tab.list.map((item) => item.id))).not.toContain(foreignId);
    });
  });

  describe('unattached uploads', () => {
    it('are removed (row and file) a day after upload; attached images stay', async () => {
      const loose = await uploadedUrl();
      const kept = await uploadedUrl();
      const { allowed } = await demoOrders();
      await callEndpoint(t.app, endpoints.problemSave, {
        session,
        body: { problemType: '2', problemDetail: 'Keep mine', problemImage: kept, orderNo: allowed.orderNo },
      });
      const files = storedFiles().length;

      expect(
        await purgeUnattachedImages(
          { db: t.app.db, storage: t.app.storage },
          new Date(clock.now().getTime() + 3_600_000),
        ),
      ).toBe(0);
      const removed = await purgeUnattachedImages(
        { db: t.app.db, storage: t.app.storage },
        new Date(clock.now().getTime() + 25 * 3_600_000),
      );
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(storedFiles().length).toBe(files - removed);
      expect((await readImage(loose)).statusCode).toBe(404);
      expect((await readImage(kept)).statusCode).toBe(200);
    });
  });
});
