import { describe, expect, it } from 'vitest';
import { markets, messages } from '@kwarta/contract';
import { OrderStatus, orderStatuses } from '@kwarta/domain';
import { orderCard, orderStatusText } from '../../../src/features/orders/order-cards.ts';

describe('order status texts', () => {
  it('has a catalogue text for every status, and reads an unknown one as settled (spec §4 icons)', () => {
    for (const status of orderStatuses)
      expect(orderStatusText(status)).toBe(messages[`orderStatus${status}`]);
    expect(orderStatusText(999)).toBe(messages.orderStatus200);
  });
});

describe('order card', () => {
  const source = {
    id: 7,
    order_no: 'KW-7',
    status: OrderStatus.Overdue,
    principal: 800_000,
    collection_complaints_allowed: 1,
    applied_at: '2026-10-01T08:00:00.000Z',
    due_date: '2026-11-01',
    product_name: 'Kwarta Flex',
    product_logo: '/logo.png',
  };

  it('lists order number, amount, application date and due date with the status text', () => {
    const card = orderCard(source, markets.spec.money);
    expect(card).toMatchObject({
      orderId: 7,
      orderNo: 'KW-7',
      statusText: messages.orderStatus180,
      isShow: 1,
    });
    expect(card.list.map((row) => row.title)).toEqual([
      messages.orderCardOrderNo,
      messages.orderCardAmount,
      messages.orderCardAppliedOn,
      messages.orderCardDueDate,
    ]);
    expect(card.list[1]?.value).toBe('₱8.000,00');
    expect(card.list[2]?.value).toBe('2026-10-01');
  });

  it('prints the amount as the market does', () => {
    expect(orderCard(source, markets.PH.money).list[1]?.value).toBe('₱8,000.00');
    expect(orderCard(source, markets.IN.money).list[1]?.value).toBe('₹8,000.00');
  });

  it('leaves the due date out before disbursement and says when collection complaints are not allowed', () => {
    const card = orderCard(
      { ...source, due_date: null, collection_complaints_allowed: 0 },
      markets.spec.money,
    );
    expect(card.list).toHaveLength(3);
    expect(card.isShow).toBe(0);
  });
});
