import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Defaults,
  Limits,
  buildOpenApi,
  endpoints,
  fillMessage,
  idField,
  intField,
  allRoutes,
  messages,
  routes,
} from '../src/index.ts';
import { consoleAdminRoutes } from '../src/console-admin-routes.ts';
import { consoleCollectionsRoutes } from '../src/console-collections-routes.ts';
import { consoleExportRoutes } from '../src/console-export-routes.ts';
import { consoleReportRoutes } from '../src/console-report-routes.ts';
import { consoleCreditRoutes } from '../src/console-credit-routes.ts';
import { identityRoutes } from '../src/identity-routes.ts';
import { consoleIdentityRoutes } from '../src/console-identity-routes.ts';
import { consoleAmlRoutes } from '../src/console-aml-routes.ts';
import { consoleBorrowerRoutes } from '../src/console-borrower-routes.ts';
import { consolePrivacyRoutes } from '../src/console-privacy-routes.ts';
import { privacyRoutes } from '../src/privacy-routes.ts';
import { consoleMoneyRoutes } from '../src/console-money-routes.ts';
import { consoleRegulatoryRoutes } from '../src/console-regulatory-routes.ts';
import { newPlanRoutes } from '../src/new-plan-routes.ts';
import { consoleRoutes } from '../src/console-routes.ts';

describe('form fields', () => {
  const schema = z.object({ n: intField('n'), id: idField('id') });
  it('parses digit strings and numbers', () => {
    expect(schema.parse({ n: '30', id: '7' })).toEqual({ n: 30, id: 7 });
    expect(schema.parse({ n: -2, id: 1 })).toEqual({ n: -2, id: 1 });
  });
  it.each(['', ' ', 'abc', '30.5', '1e3', '0x10', '12345678901234567'])(
    'refuses %j as a whole number',
    (value) => {
      expect(schema.safeParse({ n: value, id: '1' }).success).toBe(false);
    },
  );
  it('refuses ids that are not positive', () => {
    expect(schema.safeParse({ n: '1', id: '0' }).success).toBe(false);
  });
});

describe('routes and endpoints', () => {
  it('names each route after its key in the route tables', () => {
    for (const [key, route] of Object.entries(allRoutes)) expect(route.name).toBe(key);
  });

  it('pairs every route with schemas under its name, and nothing else', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(allRoutes).sort());
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const { request, data, ...route } = endpoint;
      expect(route).toEqual(allRoutes[name as keyof typeof allRoutes]);
      expect(request).toBeInstanceOf(z.ZodType);
      expect(data).toBeInstanceOf(z.ZodType);
    }
  });

  it('files each call in one route table only', () => {
    const tables = [
      routes,
      consoleRoutes,
      consoleAdminRoutes,
      consoleCollectionsRoutes,
      consoleExportRoutes,
      consoleReportRoutes,
      consoleCreditRoutes,
      privacyRoutes,
      identityRoutes,
      consoleIdentityRoutes,
      consoleAmlRoutes,
      consoleBorrowerRoutes,
      consolePrivacyRoutes,
      consoleMoneyRoutes,
      consoleRegulatoryRoutes,
      newPlanRoutes,
    ];
    const filed = tables.reduce((count, table) => count + Object.keys(table).length, 0);
    expect(filed).toBe(Object.keys(allRoutes).length);
  });

  it("keeps the console's calls out of `routes`, the table the borrower pages ship", () => {
    expect(Object.values(routes).filter((route) => route.path.startsWith('/console/'))).toEqual([]);
    expect(
      Object.values(allRoutes).filter((route) => route.path.startsWith('/console/')).length,
    ).toBeGreaterThan(0);
  });

  it('has no two calls on the same method and path', () => {
    const keys = Object.values(endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('documents every call in the OpenAPI document', () => {
    const document = buildOpenApi(Object.values(endpoints), { title: 't', version: '1' });
    for (const endpoint of Object.values(endpoints))
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]).toBeDefined();
  });
});

describe('spec constants and texts', () => {
  it('keeps the §9 figures', () => {
    expect(Limits).toMatchObject({
      smsResendCountdownSeconds: 60,
      phoneMaxLength: 11,
      captchaLength: 4,
      smsCodeLength: 6,
      complaintTextMax: 200,
      complaintImagesMax: 9,
      complaintReplyWeekdays: 3,
      complaintSentModalMs: 1500,
      complaintRatingDelayMs: 3000,
      toastMs: 3000,
      keyboardThresholdPx: 60,
      detailLinesCollapsed: 2,
      requestTimeoutMs: 60000,
    });
    expect(Defaults).toMatchObject({
      bankCardType: 1,
      bankChannelNumber: '90006',
      contactInfoOverall: 30,
      contractScene: 3,
      borrowAgainModuleId: 30,
    });
  });

  it('keeps the spec texts exactly, mixed languages included', () => {
    expect(messages.phoneInvalid).toBe('请正确输入手机号！');
    expect(messages.smsResendRefused).toBe('请勿重复发送验证码!');
    expect(messages.alreadyRegistered).toBe('您已注册,请直接下载APP登录！');
    expect(messages.ratingChooseStars).toBe('Silakan pilih');
    expect(messages.collectionTypeRefused).toBe(
      'The selected order does not support sending collection types',
    );
    expect(messages.demonstrationSuccess).toBe('Successful demonstration！');
  });
});

describe('fillMessage', () => {
  it('fills every placeholder, again on the next call with other values', () => {
    const text = '[Kwarta] Your verification code is {code}. It expires in {minutes} minutes.';
    expect(fillMessage(text, { code: '123456', minutes: 5 })).toBe(
      '[Kwarta] Your verification code is 123456. It expires in 5 minutes.',
    );
    expect(fillMessage(text, { code: '654321', minutes: 3 })).toBe(
      '[Kwarta] Your verification code is 654321. It expires in 3 minutes.',
    );
  });

  it('fills a name used twice, keeps one without a value as written, and leaves plain texts alone', () => {
    expect(fillMessage('{a}+{a}={b}', { a: 1 })).toBe('1+1={b}');
    expect(fillMessage('{days} days', { days: 91 })).toBe('91 days');
    expect(fillMessage('No placeholders.', { a: 1 })).toBe('No placeholders.');
    expect(fillMessage('', {})).toBe('');
  });
});
