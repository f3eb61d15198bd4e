/**
 * The borrower's money-laundering risk rating (decision 0108, SEC MC 16-2018's risk-based
 * approach), from what we hold, never from a protected attribute:
 * - high: a sanctions hit not cleared, or a source of funds we cannot tie to work or a business;
 * - low: the PhilSys QR verified the person and screening is clear;
 * - normal: everyone else (another ID, checked by an officer).
 */
export type RiskRating = 'low' | 'normal' | 'high';

export function riskRating(input: {
  qrOutcome: string;
  screening: 'clear' | 'possible' | 'confirmed';
  sourceOfFunds: string;
}): RiskRating {
  if (input.screening !== 'clear' || input.sourceOfFunds === 'other') return 'high';
  return input.qrOutcome === 'verified' ? 'low' : 'normal';
}
