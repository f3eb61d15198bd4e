import { describe, expect, inject, test } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { messages } from '@kwarta/contract';
import { philSysCardImage } from '../server/src/features/philsys/philsys-card-image.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../server/src/features/philsys/philsys-signing.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { demoSession, sessionQuery } from './support/session.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

/** A plain photo standing in for the back of the card and the selfie. */
const plainPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .jpeg()
    .toBuffer();

const holder = {
  pcn: '4821739056124830',
  firstName: 'Liza',
  middleName: 'Mendoza',
  lastName: 'Aquino',
  suffix: '',
  dateOfBirth: '1992-09-14',
};

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

describe('identity page on a phone', () => {
  test('a borrower reads the camera notice, adds a PhilID the test key signed and is verified', async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/identity?${sessionQuery(session)}`);
    await page.getByRole('heading', { name: messages.identitySectionPerson }).waitFor();
    await expectNoAxeViolations(page, 'identity form');

    await fill(page, messages.identityFirstName, holder.firstName);
    await fill(page, messages.identityMiddleName, holder.middleName);
    await fill(page, messages.identityLastName, holder.lastName);
    await fill(page, messages.identityDateOfBirth, holder.dateOfBirth);
    await fill(page, messages.identityPlaceOfBirth, 'Quezon City');
    await fill(page, messages.identityNationality, 'Filipino');
    await fill(page, messages.identityPresentAddress, '12 Mabini St., Barangay San Roque, Quezon City');
    await page.getByLabel(messages.identitySameAddress).check();
    await fill(page, messages.identityEmail, 'liza@example.ph');
    await fill(page, messages.identityOccupation, 'Sales associate');
    await page.getByLabel(messages.identitySourceOfFunds).selectOption('salary');
    expect(await page.getByLabel(messages.identityDocumentType).inputValue()).toBe('philid');

    // A 12-digit PSN is refused with the sentence saying why.
    await fill(page, messages.identityDocumentNumber, '1234 5678 9012');

    const card = await philSysCardImage(signPhilIdJson(holder, demoPhilSysSigner()), { rotateDegrees: 3 });
    const photo = await plainPhoto();
    const addPhoto = (label: string) =>
      page.getByRole('button', { name: `${messages.identityTakePhoto}: ${label}` });

    // The notice comes first; the picker opens only from its Continue.
    await addPhoto(messages.identityFrontPhoto).click();
    const notice = page.getByRole('dialog', { name: messages.identityCameraNoticeTitle });
    await notice.waitFor();
    await expectNoAxeViolations(page, 'identity camera notice');
    await screenshot(page, 'identity-camera-notice');
    const frontChooser = page.waitForEvent('filechooser');
    await notice.getByRole('button', { name: messages.identityCameraNoticeContinue }).click();
    await (await frontChooser).setFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: card });
    for (const [label, name] of [
      [messages.identityBackPhoto, 'back.jpg'],
      [messages.identitySelfie, 'selfie.jpg'],
    ] as const) {
      const chooser = page.waitForEvent('filechooser');
      await addPhoto(label).click();
      await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
    }
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
