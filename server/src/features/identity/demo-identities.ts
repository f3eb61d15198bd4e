import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PHONES, findDemoBorrowerRow } from '../../db/seed.ts';
import type { Deps } from '../../lib/deps.ts';
import { findOrCreateBorrower, setBorrowerName } from '../borrowers/index.ts';
import { allListedPeople } from '../sanctions/index.ts';
import { storeIdentityImage } from './identity-images.ts';
import { importSanctionsList } from './import-sanctions.ts';
import { philSysCardImage } from '../philsys/index.ts';
import type { PhilSysIdentity } from '../philsys/index.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../philsys/index.ts';
import { submitIdentity } from './submit-identity.ts';

export const SAMPLE_SANCTIONS_LIST = path.resolve(
  import.meta.dirname,
  '../../../../examples/sanctions/un-consolidated-sample.xml',
);

/**
 * The demo's identities (decision 0108), so the README's borrowing and disbursing commands keep
 * working and the compliance queue shows each state on first run: the demo borrower verified by
 * a PhilID the demo key signed; a second borrower's passport waiting for an officer; a third a
 * possible match on the sample sanctions list. Only where identity is required, and only once.
 */
export async function seedDemoIdentities(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>,
): Promise<void> {
  if (deps.config.identity.kyc === 'off') return;
  const demo = await findDemoBorrowerRow(deps.db);
  if (!demo) return;
  const seeded = await deps.db
    .selectFrom('identities')
    .select('borrower_id')
    .where('borrower_id', '=', demo.id)
    .executeTakeFirst();
  if (seeded) return;
  const now = deps.clock.now();
  if ((await allListedPeople(deps.db)).length === 0) {
    await importSanctionsList(
      { db: deps.db, now, threshold: deps.config.identity.matchThreshold },
      { listName: 'un-sample', xml: fs.readFileSync(SAMPLE_SANCTIONS_LIST, 'utf8') },
    );
  }
  const phone = DEMO_PHONES[deps.config.market.id];
  // Neighbours of the demo phone, valid under the same market's rule.
  const sibling = (last: string) => phone.slice(0, -2) + last;
  await seedOne(
    deps,
    demo.id,
    {
      pcn: '3012457896541230',
      firstName: 'Juan',
      middleName: 'Santos',
      lastName: 'Dela Cruz',
      suffix: '',
      dateOfBirth: '1990-05-17',
    },
    'philid',
    'M',
  );
  const waiting = await findOrCreateBorrower(deps.db, sibling('01'), now);
  await setBorrowerName(deps.db, waiting, 'Rosa Villanueva Mendoza');
  await seedOne(
    deps,
    waiting,
    {
      pcn: 'P4827301A',
      firstName: 'Rosa',
      middleName: 'Villanueva',
      lastName: 'Mendoza',
      suffix: '',
      dateOfBirth: '1988-12-03',
    },
    'passport',
    'F',
  );
  const listed = await findOrCreateBorrower(deps.db, sibling('02'), now);
  await setBorrowerName(deps.db, listed, 'Ramon Bautista Salvador');
  await seedOne(
    deps,
    listed,
    {
      pcn: '6620193847561203',
      firstName: 'Ramon',
      middleName: 'Bautista',
      lastName: 'Salvador',
      suffix: '',
      dateOfBirth: '1971-06-14',
    },
    'philid',
    'M',
  );
}

async function seedOne(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'storage'>,
  borrowerId: number,
  person: PhilSysIdentity,
  documentType: 'philid' | 'passport',
  sex: 'M' | 'F',
): Promise<void> {
  const now = deps.clock.now();
  const store = (bytes: Buffer) => storeIdentityImage(deps, { borrowerId, bytes, now });
  const plain = (colour: string) =>
    sharp({ create: { width: 480, height: 300, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const front =
    documentType === 'philid'
      ? await philSysCardImage(signPhilIdJson(person, demoPhilSysSigner()))
      : await plain('#dfe7ee');
  await submitIdentity(deps, borrowerId, {
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    sex,
    dateOfBirth: person.dateOfBirth,
    placeOfBirth: 'Quezon City',
    nationality: 'Filipino',
    presentAddress: '12 Mabini St., Barangay San Roque, Quezon City, Metro Manila',
    permanentAddress: '12 Mabini St., Barangay San Roque, Quezon City, Metro Manila',
    email: `${person.firstName.toLowerCase()}@example.ph`,
    occupation: 'Store supervisor',
    employer: 'Example Retail Inc.',
    sourceOfFunds: 'salary',
    taxNumber: null,
    documentType,
    documentNumber: person.pcn,
    frontImageId: await store(front),
    backImageId: await store(await plain('#c9d3dc')),
    selfieImageId: await store(await plain('#b08d74')),
  });
}
