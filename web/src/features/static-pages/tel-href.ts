/** A tel: link for a phone number as people write it ("+63 2 8555 0100" → "tel:+63285550100"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
