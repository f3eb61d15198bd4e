import { describe, expect, it } from 'vitest';
import {
  bankFormDefinitions,
  bankFormFor,
  bankFormSchema,
  marketIds,
  visibleBankFields,
  type BankFormDefinition,
} from '../src/index.ts';

describe('payment-account forms per market', () => {
  it.each(marketIds)('the %s definition is valid', (market) => {
    expect(() => bankFormFor(market)).not.toThrow();
  });

  it('defaults to card type 1 and channel 90006, and shows channel items only for their channel', () => {
    const form = bankFormFor('spec');
    expect(form.fields.find((f) => f.code === 'cardType')?.value).toBe('1');
    expect(form.fields.find((f) => f.code === 'channel')?.value).toBe('90006');
    const codes = (type: string, channel: string) =>
      visibleBankFields(form.fields, type, channel).map((f) => f.code);
    expect(codes('1', '90006')).toContain('cardNo');
    expect(codes('1', '90006')).not.toContain('accountNo');
    expect(codes('1', '90010')).toEqual(expect.arrayContaining(['accountNo', 'bankCity']));
    expect(codes('2', '90006')).toEqual(expect.arrayContaining(['walletCode', 'walletAccount']));
    expect(codes('2', '90006')).not.toContain('cardNo');
  });

  it('PH offers its banks with account lengths and GCash and Maya', () => {
    const form = bankFormFor('PH');
    const banks = form.fields.find((f) => f.code === 'bankCode')!.note;
    expect(banks.every((bank) => bank.accountLengths?.length)).toBe(true);
    expect(form.fields.find((f) => f.code === 'walletCode')!.note.map((o) => o.name)).toEqual([
      'GCash',
      'Maya',
    ]);
    expect(form.fields.find((f) => f.code === 'walletAccount')!.inputType).toBe('phone');
  });

  it('refuses a definition where a card type ends in two account numbers, or an option list is empty', () => {
    const broken: BankFormDefinition = structuredClone(bankFormDefinitions.spec);
    broken.fields.push({ ...broken.fields.find((f) => f.code === 'cardNo')!, code: 'cardNo2' });
    broken.fields.push({ code: 'empty', cate: 'enum', title: 'Empty', maxLength: 5 });
    const messages = bankFormSchema.safeParse(broken).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'card type 1 channel 90006 shows 2 account fields, not 1',
        'field empty: a enum field needs options',
      ]),
    );
  });
});
