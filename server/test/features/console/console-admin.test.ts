import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, operatorRoles, type Endpoint, type OperatorRole, endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession, uploadFile } from '../../support/api.ts';
import {
  attemptConsoleSignIn,
  callConsole,
  consoleSignedIn,
  type ConsoleSession,
} from '../../support/console.ts';
import { jpegImage } from '../../support/images.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  changeOperator,
  createOperator,
  hashPassword,
  OperatorChangeRefused,
} from '../../../src/features/operators/index.ts';

const PASSWORD = 'correct horse battery';

/** A template form as the console sends it (every field a string). */
const templateForm = (overrides: Record<string, string> = {}) => ({
  name: 'Summer campaign',
  active: '1',
  appName: 'Kwarta',
  headline: 'Borrow up to {maxAmount} today',
  subline: 'Approval in minutes',
  agreementTitle: 'Registration agreement',
  agreementText: 'By registering you agree to the terms.',
  androidUrl: 'https://play.google.com/store/apps/details?id=example.kwarta',
  iosUrl: 'https://apps.apple.com/app/id0000000000',
  appScheme: 'kwarta://open',
  maxAmountMinor: '2500000',
  ...overrides,
});

describe.each(databaseTargets)('console admin screens (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T03:00:00.000Z');
  const as: Partial<Record<OperatorRole, ConsoleSession>> = {};
  let address = 0;
  /** Each sign-in from its own address, so the per-address throttle never decides a test. */
  const signIn = (name: string, password = PASSWORD) =>
    consoleSignedIn(t.app, { name, password, address: `198.51.100.${++address}` });

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const passwordHash = await hashPassword(PASSWORD);
    for (const role of operatorRoles) {
      await createOperator(t.app.db, { name: `${role}-1`, role, now: clock.now(), passwordHash });
      as[role] = await signIn(`${role}-1`);
    }
  });
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, role: OperatorRole, body: Record<string, string> = {}, csrf = true) =>
    callConsole(t.app, as[role]!, endpoint, body, csrf);
  const auditRows = () => t.app.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
  const lastAudit = async () => {
    const row = (await auditRows()).at(-1)!;
    return {
      ...row,
      before: JSON.parse(row.before_json ?? 'null'),
      after: JSON.parse(row.after_json ?? 'null'),
    };
  };
  const operatorsTable = () => t.app.db.selectFrom('operators').selectAll().orderBy('id').execute();

  /** A write every non-admin role is refused (403) and nothing changes, with or without CSRF. */
  async function refusedToAllButAdmin(
    endpoint: Endpoint,
    body: Record<string, string>,
    table: () => Promise<unknown>,
  ) {
    const before = { rows: await table(), audit: await auditRows() };
    for (const role of operatorRoles.filter((role) => role !== 'admin')) {
      const response = await call(endpoint, role, body);
      expect(response.status, `${endpoint.name} as ${role}`).toBe(403);
      expect(response.envelope?.message).toBe(messages.operatorRoleRefused);
    }
    const noCsrf = await call(endpoint, 'admin', body, false);
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.envelope?.message).toBe(messages.csrfRefused);
    expect({ rows: await table(), audit: await auditRows() }).toEqual(before);
  }

  describe('channel templates', () => {
    const templates = () => t.app.db.selectFrom('channel_templates').selectAll().orderBy('id').execute();

    it('creates and edits a template (audited); the channel-template call serves the edit', async () => {
      const created = await call(endpoints.consoleSaveTemplate, 'admin', templateForm());
      expect(created.status, JSON.stringify(created.envelope)).toBe(200);
      const id = (created.envelope?.data as { id: number }).id;
      let audit = await lastAudit();
      expect(audit).toMatchObject({
        action: 'template.create',
        subject: `template:${id}`,
        operator_name: 'admin-1',
      });
      expect(audit.before).toBeNull();
      expect(audit.after.config.headline).toBe('Borrow up to {maxAmount} today');

      const edited = await call(
        endpoints.consoleSaveTemplate,
        'admin',
        templateForm({
          templateId: String(id),
          headline: 'Now up to {maxAmount}',
          maxAmountMinor: '3000000',
        }),
      );
      expect(edited.envelope?.data).toMatchObject({ id, config: { headline: 'Now up to {maxAmount}' } });
      audit = await lastAudit();
      expect(audit.action).toBe('template.save');
      expect(audit.before.config).toMatchObject({
        headline: 'Borrow up to {maxAmount} today',
        maxAmountMinor: 2500000,
      });
      expect(audit.after.config).toMatchObject({
        headline: 'Now up to {maxAmount}',
        maxAmountMinor: 3000000,
      });

      const served = await callEndpoint(t.app, endpoints.channelTemplate, {
        body: { templateId: String(id) },
      });
      const headline = (served.envelope?.data as { headline: string }).headline;
      expect(headline).toMatch(/^Now up to \D*30[.,]000/);
      // Switched off, the landing no longer serves it.
      await call(
        endpoints.consoleSaveTemplate,
        'admin',
        templateForm({ templateId: String(id), active: '0' }),
      );
      expect(
        (await callEndpoint(t.app, endpoints.channelTemplate, { body: { templateId: String(id) } })).status,
      ).toBe(404);
    });

    it('lists templates a page at a time', async () => {
      await call(endpoints.consoleSaveTemplate, 'admin', templateForm({ name: 'Another' }));
      const first = await call(endpoints.consoleTemplates, 'admin', { pageSize: '1' });
      const page = first.envelope?.data as { items: { id: number; name: string }[]; hasMore: boolean };
      expect(page.items).toHaveLength(1);
      expect(page.items[0]!.name).toBe('Another');
      expect(page.hasMore).toBe(true);
      const all = await call(endpoints.consoleTemplates, 'admin', { pageSize: '100' });
      expect((all.envelope?.data as { hasMore: boolean }).hasMore).toBe(false);
      expect((await call(endpoints.consoleTemplates, 'viewer')).status).toBe(403);
    });

    it('refuses bad links and amounts with a clear message and keeps the template as it was', async () => {
      const [template] = await templates();
      const before = { rows: await templates(), audit: await auditRows() };
      for (const [field, value, message] of [
        ['androidUrl', 'http://play.example/app', messages.templateLinkInvalid],
        ['iosUrl', 'javascript:alert(1)', messages.templateLinkInvalid],
        ['appScheme', 'javascript:alert(1)', messages.templateSchemeInvalid],
        ['maxAmountMinor', '-5', 'must not be negative'],
        ['maxAmountMinor', '12.5', 'must be a whole number'],
        ['headline', '   ', 'is required'],
      ] as const) {
        const response = await call(
          endpoints.consoleSaveTemplate,
          'admin',
          templateForm({ templateId: String(template!.id), [field]: value }),
        );
        expect(response.status, field).toBe(400);
        expect(response.envelope?.message, field).toContain(field);
        expect(response.envelope?.message, field).toContain(message);
      }
      const missing = await call(
        endpoints.consoleSaveTemplate,
        'admin',
        templateForm({ templateId: '999999' }),
      );
      expect(missing.status).toBe(404);
      expect({ rows: await templates(), audit: await auditRows() }).toEqual(before);
    });

    it('refuses other roles and a write without the CSRF token', async () => {
      await refusedToAllButAdmin(endpoints.consoleSaveTemplate, templateForm({ name: 'Sneaky' }), templates);
    });
  });

  describe('service contacts', () => {
    const settings = () => t.app.db.selectFrom('settings').selectAll().orderBy('key').execute();
    const contacts = { email: 'help@lender.example', whatsapp: '+63 917 000 1234', phone: '+63 2 8000 1234' };

    it('shows the defaults, saves new contacts (audited), and /customerService answers them', async () => {
      const read = await call(endpoints.consoleServiceContacts, 'admin');
      expect(read.envelope?.data).toEqual({
        shown: t.config.defaultSupport,
        defaults: t.config.defaultSupport,
      });
      const saved = await call(endpoints.consoleSaveServiceContacts, 'admin', contacts);
      expect(saved.envelope?.data).toEqual(contacts);
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: 'service-contacts.save', subject: 'settings:service' });
      expect(audit.before).toEqual(t.config.defaultSupport);
      expect(audit.after).toEqual(contacts);
      const shown = await callEndpoint(t.app, endpoints.contactKfInfo, {
        session: await demoSession(t.app),
        body: { overall: '30' },
      });
      expect(shown.envelope?.data).toEqual({ email: contacts.email, smWa: contacts.whatsapp });
      expect((await call(endpoints.consoleServiceContacts, 'admin')).envelope?.data).toMatchObject({
        shown: contacts,
      });
    });

    it('refuses a malformed email or phone and changes nothing', async () => {
      const before = { rows: await settings(), audit: await auditRows() };
      const email = await call(endpoints.consoleSaveServiceContacts, 'admin', {
        ...contacts,
        email: 'not-an-email',
      });
      expect(email.status).toBe(400);
      expect(email.envelope?.message).toContain(messages.serviceEmailInvalid);
      const phone = await call(endpoints.consoleSaveServiceContacts, 'admin', {
        ...contacts,
        phone: 'call us',
      });
      expect(phone.status).toBe(400);
      expect(phone.envelope?.message).toContain(messages.servicePhoneInvalid);
      expect({ rows: await settings(), audit: await auditRows() }).toEqual(before);
    });

    it('refuses other roles and a write without the CSRF token', async () => {
      await refusedToAllButAdmin(endpoints.consoleSaveServiceContacts, contacts, settings);
      expect((await call(endpoints.consoleServiceContacts, 'agent')).status).toBe(403);
    });
  });

  describe('operators', () => {
    const byName = async (name: string) =>
      (await operatorsTable()).find((operator) => operator.name === name)!;

    it('lists operators without hashes or secrets', async () => {
      const response = await call(endpoints.consoleOperators, 'admin', { pageSize: '2' });
      const page = response.envelope?.data as { items: Record<string, unknown>[]; hasMore: boolean };
      expect(page.items).toHaveLength(2);
      expect(page.hasMore).toBe(true);
      expect(Object.keys(page.items[0]!).sort()).toEqual([
        'createdAt',
        'disabled',
        'id',
        'name',
        'recentFailures',
        'role',
        'totp',
      ]);
      expect(JSON.stringify(response.raw)).not.toContain('scrypt$');
      expect((await call(endpoints.consoleOperators, 'viewer')).status).toBe(403);
    });

    it('creates an operator (audited) who then signs in; refuses a short password, a bad or taken name', async () => {
      const before = { rows: await operatorsTable(), audit: await auditRows() };
      const short = await call(endpoints.consoleCreateOperator, 'admin', {
        name: 'new-agent',
        role: 'agent',
        password: 'short',
      });
      expect(short.status).toBe(400);
      expect(short.envelope?.message).toContain('at least 12 characters');
      const badName = await call(endpoints.consoleCreateOperator, 'admin', {
        name: 'a b',
        role: 'agent',
        password: PASSWORD,
      });
      expect(badName.envelope?.message).toContain(messages.operatorNameInvalid);
      const taken = await call(endpoints.consoleCreateOperator, 'admin', {
        name: 'viewer-1',
        role: 'agent',
        password: PASSWORD,
      });
      expect(taken.envelope).toMatchObject({ code: '409', message: messages.operatorNameTaken });
      expect({ rows: await operatorsTable(), audit: await auditRows() }).toEqual(before);

      const created = await call(endpoints.consoleCreateOperator, 'admin', {
        name: 'new-agent',
        role: 'agent',
        password: 'a new long password',
      });
      expect(created.envelope?.data).toMatchObject({
        name: 'new-agent',
        role: 'agent',
        totp: false,
        disabled: false,
      });
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: 'operator.create', operator_name: 'admin-1' });
      expect(audit.after).toMatchObject({ name: 'new-agent', role: 'agent' });
      expect(audit.after_json).not.toContain('scrypt');
      const session = await signIn('new-agent', 'a new long password');
      expect((await callConsole(t.app, session, endpoints.consoleComplaints)).status).toBe(200);
    });

    it('changes a role (audited); disabling ends the sessions and enabling lets them sign in again', async () => {
      const target = await byName('finance-1');
      const session = await signIn('finance-1');
      const promoted = await call(endpoints.consoleChangeOperator, 'admin', {
        operatorId: String(target.id),
        role: 'credit',
      });
      expect(promoted.envelope?.data).toMatchObject({ role: 'credit' });
      let audit = await lastAudit();
      expect(audit).toMatchObject({ action: 'operator.change', subject: `operator:${target.id}` });
      expect([audit.before.role, audit.after.role]).toEqual(['finance', 'credit']);

      const disabled = await call(endpoints.consoleChangeOperator, 'admin', {
        operatorId: String(target.id),
        disabled: '1',
      });
      expect(disabled.envelope?.data).toMatchObject({ disabled: true });
      audit = await lastAudit();
      expect([audit.before.disabled, audit.after.disabled]).toEqual([false, true]);
      expect((await callConsole(t.app, session, endpoints.consoleMe)).status).toBe(401);
      const refused = await attemptConsoleSignIn(t.app, {
        name: 'finance-1',
        password: PASSWORD,
        address: '192.0.2.10',
      });
      expect(refused.status).toBe(401);

      await call(endpoints.consoleChangeOperator, 'admin', {
        operatorId: String(target.id),
        disabled: '0',
        role: 'finance',
      });
      as.finance = await signIn('finance-1');
    });

    it('resets a password (audited, no hash in the log), ending the sessions', async () => {
      const target = await byName('agent-1');
      const session = await signIn('agent-1');
      const reset = await call(endpoints.consoleResetOperatorPassword, 'admin', {
        operatorId: String(target.id),
        password: 'another long password',
      });
      expect(reset.status).toBe(200);
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: 'operator.password', subject: `operator:${target.id}` });
      expect(audit.after).toMatchObject({ passwordReset: true });
      expect(audit.after_json).not.toContain('scrypt');
      expect((await callConsole(t.app, session, endpoints.consoleMe)).status).toBe(401);
      as.agent = await signIn('agent-1', 'another long password');
      const short = await call(endpoints.consoleResetOperatorPassword, 'admin', {
        operatorId: String(target.id),
        password: 'x',
      });
      expect(short.status).toBe(400);
    });

    it('keeps an admin from demoting or disabling themself, and the last admin an admin', async () => {
      const admin = await byName('admin-1');
      const before = { rows: await operatorsTable(), audit: await auditRows() };
      for (const change of [{ role: 'viewer' }, { disabled: '1' }] as Record<string, string>[]) {
        const response = await call(endpoints.consoleChangeOperator, 'admin', {
          operatorId: String(admin.id),
          ...change,
        });
        expect(response.envelope).toMatchObject({ code: '409', message: messages.operatorSelfChange });
      }
      expect({ rows: await operatorsTable(), audit: await auditRows() }).toEqual(before);

      // A second admin may not demote the first while the first is the only one left either:
      // here the second is made, demotes the first (allowed: one admin remains), then may not
      // demote themself.
      await call(endpoints.consoleCreateOperator, 'admin', {
        name: 'admin-2',
        role: 'admin',
        password: PASSWORD,
      });
      const second = await signIn('admin-2');
      const demoted = await callConsole(t.app, second, endpoints.consoleChangeOperator, {
        operatorId: String(admin.id),
        role: 'viewer',
      });
      expect(demoted.envelope?.data).toMatchObject({ role: 'viewer' });
      const secondId = (await byName('admin-2')).id;
      const self = await callConsole(t.app, second, endpoints.consoleChangeOperator, {
        operatorId: String(secondId),
        disabled: '1',
      });
      expect(self.envelope?.message).toBe(messages.operatorSelfChange);
      // The use case refuses the last admin whoever asks (the CLI has no actor).
      await expect(changeOperator(t.app.db, { operatorId: secondId, disabled: true })).rejects.toBeInstanceOf(
        OperatorChangeRefused,
      );
      expect((await byName('admin-2')).disabled).toBe(0);
      // admin-1 is an admin again for the other tests.
      await callConsole(t.app, second, endpoints.consoleChangeOperator, {
        operatorId: String(admin.id),
        role: 'admin',
      });
      as.admin = await signIn('admin-1');

      // Two admins demoting each other at the same moment, each in its own transaction as two
      // console calls would be. The first is held open after its change, so the second runs
      // while it is uncommitted: it must wait and then see that no other admin is left.
      let commitFirst!: () => void;
      const firstHeld = new Promise<void>((resolve) => (commitFirst = resolve));
      const first = t.app.db.transaction().execute(async (trx) => {
        await changeOperator(trx, { operatorId: secondId, actorId: admin.id, role: 'viewer' });
        await firstHeld;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = t.app.db
        .transaction()
        .execute((trx) => changeOperator(trx, { operatorId: admin.id, actorId: secondId, role: 'viewer' }));
      setTimeout(commitFirst, 300);
      const both = await Promise.allSettled([first, answer]);
      expect(both.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
      const admins = (await operatorsTable()).filter((row) => row.role === 'admin' && row.disabled === 0);
      expect(admins).toHaveLength(1);
      await t.app.db
        .updateTable('operators')
        .set({ role: 'admin' })
        .where('name', 'in', ['admin-1', 'admin-2'])
        .execute();
      as.admin = await signIn('admin-1');
    });

    it('refuses other roles and writes without the CSRF token', async () => {
      const target = await byName('viewer-1');
      await refusedToAllButAdmin(
        endpoints.consoleCreateOperator,
        { name: 'sneaky', role: 'admin', password: PASSWORD },
        operatorsTable,
      );
      await refusedToAllButAdmin(
        endpoints.consoleChangeOperator,
        { operatorId: String(target.id), role: 'admin' },
        operatorsTable,
      );
      await refusedToAllButAdmin(
        endpoints.consoleResetOperatorPassword,
        { operatorId: String(target.id), password: 'a takeover password' },
        operatorsTable,
      );
    });
  });

  describe('complaint images', () => {
    it('serves a filed complaint image to complaint readers only; unknown and unattached ids are 404', async () => {
      const session = await demoSession(t.app);
      const upload = async () => {
        const response = await uploadFile(t.app, endpoints.uploadProblemImg, {
          session,
          field: 'problemImage',
          bytes: await jpegImage(),
          filename: 'evidence.jpg',
          contentType: 'image/jpeg',
        });
        return (response.envelope?.data as { url: string }).url;
      };
      const url = await upload();
      const filed = await callEndpoint(t.app, endpoints.problemSave, {
        session,
        body: { problemType: '5', problemDetail: 'See the screenshot', problemImage: url },
      });
      const problemId = (filed.envelope?.data as { problemId: number }).problemId;
      const inbox = await call(endpoints.consoleComplaints, 'agent', { pageSize: '100' });
      const item = (inbox.envelope?.data as { items: { id: number; images: string[] }[] }).items.find(
        (entry) => entry.id === problemId,
      )!;
      expect(item.images).toHaveLength(1);
      const publicId = item.images[0]!;

      const image = (role: OperatorRole | null, id = publicId, query: Record<string, string> = {}) =>
        t.app.inject({
          method: 'GET',
          url: `${endpoints.consoleComplaintImage.path}?${new URLSearchParams({ id, ...query })}`,
          headers: role ? { cookie: as[role]!.cookie } : {},
        });
      const borrowerCopy = await t.app.inject({
        method: 'GET',
        url: `${url}?${new URLSearchParams(session)}`,
      });
      for (const role of ['agent', 'viewer', 'admin'] as const) {
        const response = await image(role);
        expect(response.statusCode, role).toBe(200);
        expect(response.rawPayload.equals(borrowerCopy.rawPayload)).toBe(true);
        for (const header of [
          'content-type',
          'cache-control',
          'x-content-type-options',
          'cross-origin-resource-policy',
        ])
          expect(response.headers[header], header).toBe(borrowerCopy.headers[header]);
      }
      expect((await image('agent')).headers['cache-control']).toMatch(/^private/);
      expect((await image('agent')).headers['x-content-type-options']).toBe('nosniff');
      for (const role of ['credit', 'finance'] as const)
        expect((await image(role)).statusCode, role).toBe(403);
      expect((await image('agent', 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
      // An upload not attached to a complaint is nobody's to read in the console.
      const loose = (await upload()).split('/').at(-1)!;
      expect((await image('agent', loose)).statusCode).toBe(404);
      // A borrower's session is no console session.
      expect((await image(null, publicId, session)).statusCode).toBe(401);
    });
  });
});
