import { webRoutes, type WebRoutePath } from '@kwarta/contract';

/** The editable values of spec §2 "Test preview page", in the order they are shown. */
export const previewFields = [
  { name: 'appVersion', label: 'App version' },
  { name: 'deviceName', label: 'Device name' },
  { name: 'deviceId', label: 'Device id' },
  { name: 'osVersion', label: 'OS version' },
  { name: 'sessionId', label: 'Session id' },
  { name: 'adId', label: 'Ad id' },
  { name: 'productId', label: 'Product id' },
  { name: 'orderId', label: 'Order id' },
] as const;

export type PreviewValues = Record<(typeof previewFields)[number]['name'], string>;

export const emptyPreviewValues = Object.fromEntries(
  previewFields.map((field) => [field.name, '']),
) as PreviewValues;

/** The pages the preview opens (spec §2), each with every non-empty value as its query. */
export const previewLinks: { label: string; path: WebRoutePath }[] = [
  { label: 'Confirm loan', path: webRoutes.loanConfirm },
  { label: 'Loan detail', path: webRoutes.orderDetails },
  { label: 'Repay', path: webRoutes.repay },
  { label: 'Extension', path: webRoutes.repayDelay },
  { label: 'Bind bank', path: webRoutes.bindBank },
  { label: 'About us', path: webRoutes.about },
  { label: 'Complaint', path: webRoutes.complainPage },
  { label: 'Customer service', path: webRoutes.customerService },
  { label: 'Privacy', path: webRoutes.policy },
  { label: 'Repayment instruction', path: webRoutes.dragonpayGuide },
];

export function previewUrl(path: string, values: PreviewValues): string {
  const query = new URLSearchParams();
  for (const field of previewFields) {
    const value = values[field.name].trim();
    if (value) query.set(field.name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
