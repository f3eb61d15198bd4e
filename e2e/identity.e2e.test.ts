import { describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { philSysCardImage } from '../server/src/features/philsys/philsys-card-image.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../server/src/features/philsys/philsys-signing.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { addPhotos, fill, fillPerson } from './support/identity-form.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

const holder = {
  pcn: '4821739056124830',
  firstName: 'Liza',
  middleName: 'Mendoza',
  lastName: 'Aquino',
  suffix: '',
  dateOfBirth: '1992-09-14',
};

describe('identity page on a phone', () => {
  test('a borrower reads the camera notice, adds a PhilID the test key signed and is verified', async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/identity?${sessionQuery(session)}`);
    await page.getByRole('heading', { name: messages.identitySectionPerson }).waitFor();
    await expectNoAxeViolations(page, 'identity form');

    await fillPerson(page, holder);
    expect(await page.getByLabel(messages.identityDocumentType).inputValue()).toBe('philid');

    // A 12-digit PSN is refused with the sentence saying why.
    await fill(page, messages.identityDocumentNumber, '1234 5678 9012');

    const card = await philSysCardImage(signPhilIdJson(holder, demoPhilSysSigner()), { rotateDegrees: 3 });
    // The notice comes first; the picker opens only from its Continue.
    await addPhotos(page, card, async () => {
      await expectNoAxeViolations(page, 'identity camera notice');
      await screenshot(page, 'identity-camera-notice');
    });
    await expect.poll(() => page.getByText(messages.identityPhotoAdded).count()).toBe(3);

    await page.getByRole('button', { name: messages.identitySubmit, exact: true }).click();
    await page.getByText(messages.identityPsnNotCollected).first().waitFor();

    await fill(page, messages.identityDocumentNumber, '4821-7390-5612-4830');
    await page.getByRole('button', { name: messages.identitySubmit, exact: true }).click();
    await page.getByText(messages.identitySubmittedVerified).waitFor();
    await screenshot(page, 'identity-verified');
    await expectNoAxeViolations(page, 'identity verified');
    expect(pageErrors(page)).toEqual([]);
  });
});
