import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { consoleCalls } from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain/order-status';
import { consoleCall } from '../../src/console/console-client.ts';
import { OrderSection } from '../../src/console/sections/order.tsx';

const ok = (data: unknown) => ({ success: true, code: '00', message: 'success', data, raw: null });

/** The order page's own read, as much of it as the page shows of an order under review. */
const orderPage = (status: number) => ({
  order: {
    orderId: 12,
    orderNo: 'KW-12',
    status,
    statusText: 'Under review',
    productName: 'Kwarta Flex',
    principal: 500_000,
    totalDue: 575_000,
    paidAmount: 0,
    penaltyAmount: 0,
    chargesCapNotice: null,
    complianceProfile: { id: 'ph-sec-mc3-2022', name: 'Philippine SEC cost caps for small loans, MC 3-2022' },
    termDays: 91,
    periods: 3,
    disbursedOn: null,
    dueDate: null,
    owed: null,
  },
  borrower: { id: 3, name: 'Maria Santos', phone: '09171234567', repeatClient: false, payoutAccount: null },
  plan: [],
  agreements: [],
  payouts: [],
  payments: [],
  messages: [],
  history: [],
  complaints: [],
  restructurings: [],
});

let status: number = OrderStatus.UnderReview;

vi.mock('../../src/console/console-client.ts', () => ({
  consoleCall: vi.fn(),
}));
const call = vi.mocked(consoleCall);
call.mockImplementation(((route: unknown) => {
  if (route === consoleCalls.consoleOrder) return Promise.resolve(ok(orderPage(status)));
  if (route === consoleCalls.consoleApproveOrder) {
    status = OrderStatus.Approved;
    return Promise.resolve(ok({ status: OrderStatus.Approved }));
  }
  if (route === consoleCalls.consoleRejectOrder)
    return Promise.resolve({
      success: false,
      code: '409',
      message: 'Order KW-12 was decided already.',
      data: null,
      raw: null,
    });
  // The panels the page holds (the credit decision) have nothing to show here.
  return Promise.resolve(ok(null));
}) as unknown as typeof consoleCall);

afterEach(() => {
  cleanup();
  call.mockClear();
  status = OrderStatus.UnderReview;
});

test('a decision goes through the confirmation: Cancel changes nothing, Approve calls once and says what it did', async () => {
  render(<OrderSection role="credit" orderId="12" />);
  // The cost caps by the profile's name, not its id.
  expect(await screen.findByText('Philippine SEC cost caps for small loans, MC 3-2022')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  let dialog = within(await screen.findByRole('dialog', { name: 'Confirm the approval' }));
  expect(dialog.getByText(/Approve order KW-12 of Maria Santos for/)).toBeTruthy();
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(call).not.toHaveBeenCalledWith(consoleCalls.consoleApproveOrder, expect.anything());

  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
  dialog = within(await screen.findByRole('dialog', { name: 'Confirm the approval' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Approve' }));
  await screen.findByText(/^Order is now /);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(call).toHaveBeenCalledWith(consoleCalls.consoleApproveOrder, { orderId: '12', reason: '' });
  expect(call.mock.calls.filter(([route]) => route === consoleCalls.consoleApproveOrder)).toHaveLength(1);
});

test('a refused rejection shows its reason and keeps the reason typed', async () => {
  render(<OrderSection role="credit" orderId="12" />);
  const reason = await screen.findByRole('textbox', { name: /Reason/ });
  fireEvent.change(reason, { target: { value: 'income not shown' } });
  fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the rejection' }));
  expect(dialog.getByText(/Reason: income not shown/)).toBeTruthy();
  fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
  await screen.findByText('Order KW-12 was decided already.');
  expect((screen.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe(
    'income not shown',
  );
});
