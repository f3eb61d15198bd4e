import type { CapBreach, CapName, ComplianceProfile } from '@kwarta/domain/compliance';
import type { ContactRules } from '@kwarta/domain/contact-window';
import { formatRatePercent } from '@kwarta/domain/effective-rate';
import { formatMoney, type MoneyStyle } from '@kwarta/domain/money';
import { fillMessage, messages } from './messages.ts';

/** Each cap of a compliance profile (D16) by its name in the catalogue. */
export const complianceCapNames: Record<CapName, string> = {
  nominalRate: messages.complianceCapNominalRate,
  effectiveRate: messages.complianceCapEffectiveRate,
  latePenalty: messages.complianceCapLatePenalty,
  totalCost: messages.complianceCapTotalCost,
};

/** A cap's figure in basis points as the caps are written: "6.00% a month", "100.00% of the principal". */
export function capFigure(cap: CapName, bps: number): string {
  const percent = formatRatePercent(bps / 10_000);
  return cap === 'totalCost' ? `${percent} of the principal` : `${percent} a month`;
}

/** The limit of each cap of a profile, in the order the disclosure and /Loan list them. */
export function profileCaps(profile: ComplianceProfile): { name: string; limit: string }[] {
  const { caps } = profile;
  return [
    { name: complianceCapNames.nominalRate, limit: capFigure('nominalRate', caps.nominalMonthlyBps) },
    { name: complianceCapNames.effectiveRate, limit: capFigure('effectiveRate', caps.effectiveMonthlyBps) },
    { name: complianceCapNames.latePenalty, limit: capFigure('latePenalty', caps.penaltyMonthlyBps) },
    { name: complianceCapNames.totalCost, limit: capFigure('totalCost', caps.totalCostPercent * 100) },
  ];
}

/** One cap as a line of its own: "Nominal interest rate: at most 6.00% a month". */
export function capLine(cap: { name: string; limit: string }): string {
  return `${cap.name.charAt(0).toUpperCase()}${cap.name.slice(1)}: at most ${cap.limit}`;
}

/** What loans a profile covers, in a sentence. */
export function profileCoverage(profile: ComplianceProfile, money: MoneyStyle): string {
  return `${profile.covers.secured ? 'Loans' : 'Unsecured loans'} of at most ${formatMoney(profile.covers.principalCeilingMinor, money)} for at most ${profile.covers.termCeilingMonths} months, under ${profile.source}, in force since ${profile.inForceFrom}.`;
}

/** One breach as the console, the boot and the quote state it: the cap, the figure, the limit, the offer. */
export function describeCapBreach(breach: CapBreach, profile: ComplianceProfile, money: MoneyStyle): string {
  return fillMessage(messages.complianceBreach, {
    cap: complianceCapNames[breach.cap],
    figure: capFigure(breach.cap, breach.figureBps),
    limit: capFigure(breach.cap, breach.limitBps),
    profile: profile.name,
    amount: formatMoney(breach.offer.principal, money),
    term: breach.offer.termDays,
  });
}

/** 6 → "6:00 a.m.", 22 → "10:00 p.m.", as the circular writes hours (the last one ends a sentence). */
export function hourText(hour: number): string {
  const clock = hour % 12 === 0 ? 12 : hour % 12;
  return `${clock}:00 ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

/**
 * The contact rule as a collector is refused with it: the hours, their source and the exception,
 * e.g. "Contact is allowed 6:00 a.m.–10:00 p.m. (SEC Memorandum Circular No. 18, s. 2019) unless
 * more than 15 days past due."
 */
export function contactRuleText(rules: ContactRules): string {
  return fillMessage(messages.collectionContactRule, {
    from: hourText(rules.startHour),
    to: hourText(rules.endHour),
    source: rules.source,
    exception:
      rules.exceptAfterDaysPastDue === null
        ? ''
        : fillMessage(messages.collectionContactException, { days: rules.exceptAfterDaysPastDue }),
  });
}
