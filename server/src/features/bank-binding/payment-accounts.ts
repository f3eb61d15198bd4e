import type { Kysely } from 'kysely';
import type { endpoints } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import { bankFormFor, type EndpointData, type EndpointParsedRequest } from '@kwarta/contract';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { maskAccount, openAccount, sealAccount } from './account-cipher.ts';
import { checkBankForm } from './bank-form-rules.ts';
import {
  findAccount,
  findDefaultAccount,
  listAccounts,
  insertDefaultAccount,
  listAccountsNotUnderKey,
  replaceCiphertext,
} from './payment-account-repository.ts';
import type { PayoutAccount } from '../../lib/ports/payout-gateway.ts';

/**
 * Whether the borrower may bind an account for this product. Products are orders' table, and
 * orders imports bank-binding (a payout reads the account), so app.ts hands orders' answer in.
 */
export type ProductOpenToBorrower = (
  db: Kysely<Database>,
  borrowerId: number,
  productId: number,
) => Promise<boolean>;

type FormDeps = Pick<Deps, 'db' | 'config'> & { productOpenToBorrower: ProductOpenToBorrower };
type AccountDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accountKeys'> & {
  productOpenToBorrower: ProductOpenToBorrower;
};

async function requireProduct(
  deps: Pick<FormDeps, 'db' | 'productOpenToBorrower'>,
  borrowerId: number,
  productId: number,
) {
  // A product the borrower may not apply for answers like one that does not exist.
  if (!(await deps.productOpenToBorrower(deps.db, borrowerId, productId))) throw Refusal.notFound();
}

function accountLabel(account: { institution_name: string; account_last4: string }) {
  return {
    label: account.institution_name,
    maskedAccount: maskAccount(account.account_last4),
  };
}

/**
 * card-init (spec §7): the market's form items, prefilled with what the borrower's default
 * account holds (never its number), and that account masked.
 */
export async function paymentAccountForm(
  deps: FormDeps,
  borrowerId: number,
  input: EndpointParsedRequest<typeof endpoints.cardInit>,
): Promise<EndpointData<typeof endpoints.cardInit>> {
  await requireProduct(deps, borrowerId, input.product_id);
  const form = bankFormFor(deps.config.market.id);
  const current = await findDefaultAccount(deps.db, borrowerId);
  const previous: Record<string, string> = current ? JSON.parse(current.details) : {};
  return {
    items: form.fields.map((field) => ({
      code: field.code,
      cate: field.cate,
      title: field.title,
      subtitle: field.subtitle,
      value: field.account ? '' : (previous[field.code] ?? field.value),
      note: field.note.map((option) => ({ name: option.name, type: option.type })),
      inputType: field.inputType,
      cardTypeMi: field.cardTypeMi,
      channelNumber: field.channelNumber,
      required: field.required ? 1 : 0,
      maxLength: field.maxLength,
    })),
    current: current ? accountLabel(current) : null,
  };
}

/**
 * bind-card-new (spec §7): checks every field against the market's form, encrypts the account
 * number and makes the new account the borrower's default in one transaction (the previous one
 * stays as history). Refusals carry the catalogue's text and store nothing.
 */
export async function bindPaymentAccount(
  deps: AccountDeps,
  borrowerId: number,
  input: EndpointParsedRequest<typeof endpoints.bindCardNew>,
): Promise<EndpointData<typeof endpoints.bindCardNew>> {
  const { product_id: productId, ...filled } = input;
  await requireProduct(deps, borrowerId, productId);
  const checked = checkBankForm(bankFormFor(deps.config.market.id), deps.config.market, filled);
  if (!checked.ok) throw Refusal.invalid(checked.message);
  const { form } = checked;
  return bindAccount(deps, borrowerId, { productId, ...form });
}

/** A checked account as bind-card-new (or the demo seed) binds it. */
export interface NewPaymentAccount {
  productId: number;
  cardType: number;
  channel: string;
  institutionCode: string;
  institutionName: string;
  holderName: string;
  accountNumber: string;
  details?: Record<string, string>;
}

/**
 * Encrypts the account number and makes the account the borrower's default in one transaction
 * (the previous one stays as history). The one place an account is stored.
 */
export async function bindAccount(
  deps: Pick<AccountDeps, 'db' | 'accountKeys' | 'clock'>,
  borrowerId: number,
  form: NewPaymentAccount,
): Promise<EndpointData<typeof endpoints.bindCardNew>> {
  const sealed = sealAccount(deps.accountKeys, form.accountNumber, borrowerId);
  const account = {
    borrower_id: borrowerId,
    product_id: form.productId,
    card_type: form.cardType,
    channel: form.channel,
    institution_code: form.institutionCode,
    institution_name: form.institutionName,
    holder_name: form.holderName,
    details: JSON.stringify(form.details ?? {}),
    account_ciphertext: sealed.ciphertext,
    account_key_id: sealed.keyId,
    account_last4: form.accountNumber.slice(-4),
    created_at: deps.clock.now().toISOString(),
  };
  const accountId = await inTransaction(deps.db, (trx) => insertDefaultAccount(trx, account));
  return { accountId, maskedAccount: maskAccount(account.account_last4) };
}

/** `accountNumber` is in clear, for the payout provider only: never log it, store it or send it to a page. */
export type { PayoutAccount };

/**
 * The account a disbursement pays to: the borrower's default, decrypted; null when none is
 * bound. For the borrow flow (decision 0052): a payout that fails records the account id it tried;
 * while that id is still `defaultPayoutAccount(…).id` the order details ask for a rebind
 * (cardNeedPop 1, messages.bankPayoutFailedTitle / bankPayoutFailed); binding a new account
 * changes the default, which ends the prompt.
 */
export async function defaultPayoutAccount(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  borrowerId: number,
): Promise<PayoutAccount | null> {
  const row = await findDefaultAccount(deps.db, borrowerId);
  return row ? openedAccount(deps, row) : null;
}

/** The default account as someone who does not pay it sees it: masked, and never decrypted. */
export async function maskedDefaultAccount(
  db: Kysely<Database>,
  borrowerId: number,
): Promise<{ institutionName: string; holderName: string; maskedAccount: string } | null> {
  const row = await findDefaultAccount(db, borrowerId);
  return row
    ? {
        institutionName: row.institution_name,
        holderName: row.holder_name,
        maskedAccount: maskAccount(row.account_last4),
      }
    : null;
}

/**
 * One of the borrower's accounts (any they bound, not only the default), decrypted, for a provider
 * call: a card debit (legacy repayment), or a payout asked again for the account it was first sent
 * to (the resume jobs); null when it is missing or another borrower's.
 */
export async function openPaymentAccount(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  borrowerId: number,
  accountId: number,
): Promise<PayoutAccount | null> {
  const row = await findAccount(deps.db, borrowerId, accountId);
  return row ? openedAccount(deps, row) : null;
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

function openedAccount(deps: Pick<Deps, 'accountKeys'>, row: AccountRow): PayoutAccount {
  return {
    id: row.id,
    cardType: row.card_type,
    channel: row.channel,
    institutionCode: row.institution_code,
    institutionName: row.institution_name,
    holderName: row.holder_name,
    accountNumber: openAccount(
      deps.accountKeys,
      { ciphertext: row.account_ciphertext, keyId: row.account_key_id },
      row.borrower_id,
    ),
    maskedAccount: maskAccount(row.account_last4),
  };
}

/** A bound account as a page may show it: masked, never the number. */
export interface BoundAccount {
  id: number;
  cardType: number;
  institutionCode: string;
  institutionName: string;
  maskedAccount: string;
  isDefault: boolean;
}

/**
 * The borrower's bound accounts, masked, the default first. Every binding is a row (decision
 * 0060), so an account bound twice is listed once, under its newest row.
 */
export async function listPaymentAccounts(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  borrowerId: number,
): Promise<BoundAccount[]> {
  const seen = new Set<string>();
  const accounts: BoundAccount[] = [];
  for (const row of await listAccounts(deps.db, borrowerId)) {
    const account = openedAccount(deps, row);
    const key = `${account.cardType}:${account.institutionCode}:${account.accountNumber}`;
    if (seen.has(key)) continue;
    seen.add(key);
    accounts.push({
      id: row.id,
      cardType: row.card_type,
      institutionCode: row.institution_code,
      institutionName: row.institution_name,
      maskedAccount: account.maskedAccount,
      isDefault: row.is_default === 1,
    });
  }
  return accounts;
}

/**
 * Re-encrypts every account not under the current key (`npm run accounts -- rotate-key`). Safe
 * to run again or beside a server: each row moves once, from the key it was read under.
 */
export async function rotateAccountKey(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  batchSize = 200,
): Promise<{ reencrypted: number }> {
  const ring = deps.accountKeys;
  let reencrypted = 0;
  for (;;) {
    const rows = await listAccountsNotUnderKey(deps.db, ring.currentId, batchSize);
    if (rows.length === 0) return { reencrypted };
    for (const row of rows) {
      const clear = openAccount(
        ring,
        { ciphertext: row.account_ciphertext, keyId: row.account_key_id },
        row.borrower_id,
      );
      const sealed = sealAccount(ring, clear, row.borrower_id);
      if (await replaceCiphertext(deps.db, { id: row.id, fromKeyId: row.account_key_id, ...sealed }))
        reencrypted += 1;
    }
  }
}
