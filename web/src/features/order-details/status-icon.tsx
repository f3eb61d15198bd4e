import { OrderStatus, isOrderStatus } from '@kwarta/domain/order-status';

const GREEN = 'var(--brand)';
const RED = 'var(--danger)';
const AMBER = '#b54708';
const GREY = '#4b5563';

// One picture per status (spec §4); an unknown status uses the settled (200) one.
const icons: Record<OrderStatus, { color: string; path: string }> = {
  // hourglass: under review
  [OrderStatus.UnderReview]: {
    color: GREEN,
    path: 'M8 6h16M8 26h16M10 6c0 6 12 6 12 10s-12 4-12 10M22 6c0 6-12 6-12 10',
  },
  // cross: rejected
  [OrderStatus.Rejected]: { color: RED, path: 'M11 11l10 10M21 11L11 21' },
  // thumbs-up-like tick with arrow: approved
  [OrderStatus.Approved]: { color: GREEN, path: 'M10 16l4 4 8-9' },
  // coin: paid out, repaying
  [OrderStatus.Repaying]: { color: GREEN, path: 'M16 9v14M20 12h-5a2 2 0 000 4h2a2 2 0 010 4h-5' },
  // clock: due soon
  [OrderStatus.Due]: { color: AMBER, path: 'M16 9v7l5 3' },
  // exclamation: overdue
  [OrderStatus.Overdue]: { color: RED, path: 'M16 9v9M16 22v1' },
  // a line through: written off (ours, decision 0103)
  [OrderStatus.WrittenOff]: { color: GREY, path: 'M9 16h14' },
  // double tick: settled
  [OrderStatus.Settled]: { color: GREEN, path: 'M8 16l4 4 8-9M14 20l1 1 8-9' },
};

export function StatusIcon({ status }: { status: number }) {
  const shown = isOrderStatus(status) ? status : OrderStatus.Settled;
  const icon = icons[shown];
  return (
    <svg
      viewBox="0 0 32 32"
      width="56"
      height="56"
      aria-hidden="true"
      className="status-icon"
      data-icon={shown}
    >
      <circle cx="16" cy="16" r="15" fill={icon.color} opacity="0.12" />
      <circle cx="16" cy="16" r="13" fill="none" stroke={icon.color} strokeWidth="2" />
      <path
        d={icon.path}
        fill="none"
        stroke={icon.color}
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
