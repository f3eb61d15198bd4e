import { accountFieldCodes } from '@kwarta/contract';

/**
 * Logs never carry secrets (DESIGN §3): session tokens, SMS codes, captcha answers and card or
 * account numbers are replaced, phones are masked to their last four digits.
 */
const SECRET_PARAMS = new Set<string>([
  // Every market's payment-account number fields, by their form codes (bank-forms.ts).
  ...accountFieldCodes().map((code) => code.toLowerCase()),
  'sessionid',
  'token',
  'smscode',
  'capcode',
  'verifycode',
  'code',
  'cardno',
  'accountno',
  'repaytoken',
  'password',
  // A captcha's sid: whoever holds it can replace the visitor's captcha.
  'sid',
]);
const PHONE_PARAMS = new Set(['phone', 'mobile', 'username', 'telephone']);

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

export function redactValue(name: string, value: string): string {
  const key = name.toLowerCase();
  if (SECRET_PARAMS.has(key)) return '[redacted]';
  if (PHONE_PARAMS.has(key)) return maskPhone(value);
  return value;
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const redacted = new URLSearchParams();
  for (const [name, value] of params) redacted.append(name, redactValue(name, value));
  return `${url.slice(0, queryStart)}?${redacted.toString()}`;
}
