// The identity page's form as a borrower fills it (decision 0108): the person's fields, then the
// three photos through the just-in-time camera notice. Shared by the identity journeys.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { messages } from '@kwarta/contract';
import type { PhilSysIdentity } from '../../server/src/features/philsys/index.ts';

/** A plain photo standing in for the back of the card and the selfie. */
export const plainPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .jpeg()
    .toBuffer();

export async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

/** Everything but the ID's number and photos; the ID type is left at its first entry, PhilID. */
export async function fillPerson(
  page: Page,
  holder: Pick<PhilSysIdentity, 'firstName' | 'middleName' | 'lastName' | 'dateOfBirth'>,
) {
  await fill(page, messages.identityFirstName, holder.firstName);
  await fill(page, messages.identityMiddleName, holder.middleName);
  await fill(page, messages.identityLastName, holder.lastName);
  await fill(page, messages.identityDateOfBirth, holder.dateOfBirth);
  await fill(page, messages.identityPlaceOfBirth, 'Quezon City');
  await fill(page, messages.identityNationality, 'Filipino');
  await fill(page, messages.identityPresentAddress, '12 Mabini St., Barangay San Roque, Quezon City');
  await page.getByLabel(messages.identitySameAddress).check();
  await fill(page, messages.identityEmail, `${holder.firstName.toLowerCase()}@example.ph`);
  await fill(page, messages.identityOccupation, 'Sales associate');
  await page.getByLabel(messages.identitySourceOfFunds).selectOption('salary');
}

/**
 * The card's front (`card`), then a plain back and selfie. The notice comes before the first
 * picker: `atNotice` runs while it is open (checks, a screenshot), then Continue opens the picker.
 */
export async function addPhotos(
  page: Page,
  card: Buffer,
  atNotice: (notice: ReturnType<Page['getByRole']>) => Promise<void> = async () => {},
) {
  const photo = await plainPhoto();
  const addPhoto = (label: string) =>
    page.getByRole('button', { name: `${messages.identityTakePhoto}: ${label}` });
  await addPhoto(messages.identityFrontPhoto).click();
  const notice = page.getByRole('dialog', { name: messages.identityCameraNoticeTitle });
  await notice.waitFor();
  await atNotice(notice);
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
  await page.getByText(messages.identityPhotoAdded).nth(2).waitFor();
}
