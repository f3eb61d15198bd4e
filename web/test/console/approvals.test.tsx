import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DataOf } from '../../src/lib/api-client.ts';
import type { consoleCalls } from '@kwarta/contract';
import { ApprovalsSection } from '../../src/console/sections/approvals.tsx';

type Item = DataOf<typeof consoleCalls.consoleApprovals>['items'][number];

const queue: { pending: Item[]; decided: Item[] } = { pending: [], decided: [] };

vi.mock('../../src/console/console-client.ts', () => ({
  consoleCall: vi.fn((_route: unknown, params: { status?: 'pending' | 'decided' }) =>
    Promise.resolve({
      success: true,
      code: '00',
      message: 'success',
      data: { items: queue[params.status ?? 'pending'] },
      raw: null,
    }),
  ),
}));

afterEach(cleanup);

const request = (item: Partial<Item>): Item => ({
  id: 1,
  action: 'waiver',
  subject: 'order:12',
  subjectName: 'Order 12',
  amount: 60_000,
  payload: {},
  status: 'pending',
  proposedBy: 'maker',
  proposedAt: new Date().toISOString(),
  decidedBy: null,
  decidedAt: null,
  outcome: '',
  ...item,
});

const productEdit = request({
  id: 7,
  action: 'product_change',
  subject: 'product:6',
  subjectName: 'Product Kwarta Flex',
  amount: 8_000_000,
  payload: {
    op: 'edit',
    productId: 6,
    terms: {
      name: 'Kwarta Flex',
      minAmount: 100_000,
      maxAmount: 8_000_000,
      termDays: 91,
      termRateBps: 1_500,
    },
  },
});

test('names each subject in words, linked to where it is kept, never by its key', async () => {
  queue.pending = [request({ payload: { charge: 'penalty', reason: 'hardship' } }), productEdit];
  queue.decided = [
    request({
      id: 3,
      action: 'product_change',
      subject: 'product:new',
      subjectName: 'New product Kwarta Max',
      payload: { op: 'create' },
      status: 'applied',
      decidedBy: 'checker',
      decidedAt: new Date().toISOString(),
    }),
  ];
  render(<ApprovalsSection me="checker" onChanged={() => {}} />);

  const waiting = within(await screen.findByRole('table', { name: /Waiting for approval/ }));
  expect(waiting.getByRole('columnheader', { name: 'Subject' })).toBeTruthy();
  expect(waiting.getByRole('link', { name: 'Order 12' }).getAttribute('href')).toBe('#/order/12');
  expect(waiting.getByRole('link', { name: 'Product Kwarta Flex' }).getAttribute('href')).toBe('#/products');
  expect(waiting.getByText(/^Edit: Kwarta Flex, /)).toBeTruthy();
  expect(waiting.queryByText(/product:6|product 6/)).toBeNull();

  const decided = within(await screen.findByRole('table', { name: /Decided/ }));
  expect((await decided.findByRole('link', { name: 'New product Kwarta Max' })).getAttribute('href')).toBe(
    '#/products',
  );
  expect(decided.queryByText('product:new')).toBeNull();
});

test("the approval's confirmation names the product it changes", async () => {
  queue.pending = [productEdit];
  queue.decided = [];
  render(<ApprovalsSection me="checker" onChanged={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Approve request 7' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the approval' }));
  expect(dialog.getByText(/for Product Kwarta Flex proposed by maker/)).toBeTruthy();
  expect(dialog.getByText(/The change to Product Kwarta Flex applies now/)).toBeTruthy();
});
