import { afterAll, describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { createOperator } from '../server/src/features/operators/operator-repository.ts';
import { hashPassword } from '../server/src/features/operators/password-hash.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { sessionQuery } from './support/session.ts';
import { openServerStore } from './support/server-store.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();
const { db, applicant } = openServerStore();
afterAll(() => db.destroy());

describe('my data on a phone (decision 0107)', () => {
  test('acknowledge a new policy version, download my data, ask for a correction and an erasure; the DPO sees them', async () => {
    const session = await applicant({ policyAcknowledged: false });
    // The applicant's device id names its borrower (server-store.ts).
    const borrower = { borrower_id: Number(session.deviceId!.replace('e2e-', '')) };
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/myData?${sessionQuery(session as Record<string, string>)}`);

    // The policy first: the page stays inert behind the prompt until it is acknowledged.
    const prompt = page.getByRole('dialog', { name: messages.policyPromptTitle });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'my data, policy prompt');
    await screenshot(page, 'my-data-policy-prompt');
    await prompt.getByRole('button', { name: messages.policyPromptAcknowledge }).click();
    await expect.poll(() => prompt.isVisible()).toBe(false);
    const acknowledged = await db
      .selectFrom('privacy_acknowledgements')
      .selectAll()
      .where('borrower_id', '=', borrower.borrower_id)
      .execute();
    expect(acknowledged).toMatchObject([{ notice: 'policy', channel: 'app' }]);

    // Download: a short-lived link, as JSON and as a readable document.
    await page.getByRole('button', { name: messages.myDataPrepare }).click();
    const json = page.getByRole('link', { name: messages.myDataDownloadJson });
    await json.waitFor();
    const jsonUrl = new URL((await json.getAttribute('href'))!, baseUrl);
    const copy = await fetch(jsonUrl);
    expect(copy.status).toBe(200);
    expect(await copy.text()).toContain('Ana Reyes');
    const documentUrl = new URL(
      (await page.getByRole('link', { name: messages.myDataDownloadDocument }).getAttribute('href'))!,
      baseUrl,
    );
    expect((await fetch(documentUrl)).headers.get('content-type')).toContain('text/html');

    // A correction of the address.
    await page.getByLabel(messages.myDataField).selectOption('address');
    await page.getByLabel(messages.myDataCorrectValue).fill('Blk 4 Lot 2, Pasig City');
    await page.getByRole('button', { name: messages.myDataCorrectSend }).click();
    const requests = page.getByRole('list').filter({ hasText: messages.myDataKindCorrection });
    await expect.poll(() => requests.getByText('Blk 4 Lot 2, Pasig City').count()).toBe(1);

    await expect
      .poll(() => requests.getByText(/^Answer due by \d{4}-\d{2}-\d{2} \(\d+ working days left\)$/).count())
      .toBe(1);
    await expectNoAxeViolations(page, 'my data, requests');
    await screenshot(page, 'my-data-requests');

    // An erasure, confirmed. With no loan to hold them, the sessions go at once too (decision
    // 0107), so the page's next call finds its session ended: the request is read in the store.
    await page.getByRole('button', { name: messages.myDataErase }).click();
    const confirm = page.getByRole('dialog', { name: messages.myDataConfirmEraseTitle });
    await expectNoAxeViolations(page, 'my data, erasure confirmation');
    await confirm.getByRole('button', { name: messages.myDataConfirm }).click();
    await expect
      .poll(async () =>
        (
          await db
            .selectFrom('data_subject_requests')
            .select('kind')
            .where('borrower_id', '=', borrower.borrower_id)
            .execute()
        )
          .map((row) => row.kind)
          .sort(),
      )
      .toEqual(['correction', 'erasure']);
    expect(pageErrors(page)).toEqual([]);

    // The DPO's desk lists both with their deadline in working days.
    const name = `e2e-dpo-${Date.now().toString(36)}`;
    const password = 'e2e dpo password';
    await createOperator(db, {
      name,
      role: 'dpo',
      now: new Date(),
      passwordHash: await hashPassword(password),
    });
    const desk = await phone.newPage({
      viewport: { width: 1440, height: 900 },
      isMobile: false,
      hasTouch: false,
    });
    await desk.goto(`${baseUrl}/console`);
    await desk.getByLabel('Name').fill(name);
    await desk.getByLabel('Password').fill(password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByRole('navigation', { name: 'Console' }).waitFor();
    const listed = (await desk.evaluate(
      async () => (await (await fetch('/console/api/privacy/requests')).json()) as unknown,
    )) as { kwd?: unknown; data?: unknown };
    const rows = (
      (listed.kwd ?? listed.data) as {
        borrowerId: number;
        kind: string;
        dueOn: string;
        workingDaysLeft: number;
      }[]
    ).filter((row) => row.borrowerId === borrower.borrower_id);
    expect(rows.map((row) => row.kind).sort()).toEqual(['correction', 'erasure']);
    await desk
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Data privacy' })
      .click();
    const table = desk.getByRole('table', { name: /Data subject requests/ });
    for (const row of rows) {
      const line = table.getByRole('row').filter({ hasText: row.kind }).filter({ hasText: row.dueOn });
      await expect.poll(() => line.count()).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(desk, 'console, data privacy');
    await screenshot(desk, 'console-data-privacy');
    for (const row of rows) {
      expect(row.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.workingDaysLeft).toBeGreaterThan(0);
    }
    // The DPO refuses the correction with a text, which the request then shows.
    const correction = rows.find((row) => row.kind === 'correction') as unknown as { id: number };
    const answer = desk.getByRole('form', { name: 'Answer a request' });
    await answer.getByLabel('Request').selectOption(String(correction.id));
    await answer.getByLabel('Answer').selectOption('refused');
    await answer.getByLabel('Text the borrower reads on My data').fill('Please send a proof of address.');
    await answer.getByRole('button', { name: 'Send the answer' }).click();
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: 'Please send a proof of address.' }).count())
      .toBe(1);
    expect(
      await db
        .selectFrom('data_subject_requests')
        .select('status')
        .where('id', '=', correction.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'refused' });

    // A breach: a discovery in the future is refused with its field; one 80 hours ago is overdue.
    const breach = desk.getByRole('form', { name: 'Record a breach' });
    const title = `E2E breach ${Date.now().toString(36)}`;
    const local = (at: Date) =>
      new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await breach.getByLabel('What happened').fill(title);
    await breach.getByLabel('Discovered at (your local time)').fill(local(new Date(Date.now() + 86_400_000)));
    await breach
      .getByLabel('Details: how many borrowers, which categories of data')
      .fill('3 borrowers; names, phones');
    await breach.getByRole('button', { name: 'Record the breach' }).click();
    await expect.poll(() => breach.getByRole('alert').textContent()).toContain('discoveredAt');
    await expectNoAxeViolations(desk, 'console, data privacy, breach refused');
    await breach
      .getByLabel('Discovered at (your local time)')
      .fill(local(new Date(Date.now() - 80 * 3_600_000)));
    await breach.getByRole('button', { name: 'Record the breach' }).click();
    const register = desk.getByRole('table', { name: /Breach register/ });
    const line = register.getByRole('row').filter({ hasText: title });
    await expect.poll(() => line.textContent()).toContain('overdue by');
    await expectNoAxeViolations(desk, 'console, data privacy, breach overdue');
    await screenshot(desk, 'console-data-privacy-breach');
    await line.getByRole('button', { name: 'Mark NPC notified now' }).click();
    await expect.poll(() => line.getByRole('button').count()).toBe(0);
    expect(await line.textContent()).not.toContain('overdue by');
    await expectNoAxeViolations(desk, 'console, data privacy, breach notified');
  }, 60_000);
});
