import { createHash } from 'node:crypto';
import { agreementAt, agreementList, type AgreementTerms, type AgreementText } from '@kwarta/contract';
import { effectiveRate, isCovered, type ComplianceProfile } from '@kwarta/domain';
import type { Config } from '../../config.ts';
import type { LoanProduct, LoanQuote } from '../products/index.ts';

/**
 * The agreements of an offer or an order, rendered from its real terms, with the SHA-256 that
 * identifies exactly the text shown (an order records it when its borrower agrees).
 */
export interface RenderedAgreement {
  position: number;
  text: AgreementText;
  sha256: string;
}

export function agreementTerms(
  { product, rules }: LoanProduct,
  quote: LoanQuote,
  parties: {
    config: Pick<Config, 'brand' | 'market' | 'compliance'>;
    borrowerName: string | null;
    phone: string;
    orderNo: string | null;
  },
  datesProvisional: boolean,
): AgreementTerms {
  const { brand } = parties.config;
  return {
    money: parties.config.market.money,
    lender: {
      name: brand.companyName,
      address: brand.companyAddress,
      registration: brand.companyRegistration,
    },
    borrowerName: parties.borrowerName ?? parties.phone,
    productName: product.name,
    orderNo: parties.orderNo,
    principal: quote.principal,
    charges: quote.charges,
    total: quote.schedule.total,
    termDays: quote.termDays,
    plan: quote.schedule.lines.map((line) => ({ ...line })),
    datesProvisional,
    latePenalty: {
      oneTimeNewClient: rules.latePenalty.oneTimeMinor.newClient,
      oneTimeRepeatClient: rules.latePenalty.oneTimeMinor.repeatClient,
      dailyTiers: rules.latePenalty.dailyTiers,
    },
    prepayment: rules.prepayment,
    creditAfterAcceptanceDays: rules.creditAfterAcceptanceDays,
    disclosure: {
      interest: quote.priced.interest,
      fees: quote.priced.fees,
      netProceeds: quote.priced.netProceeds,
      nominalMonthlyRate: (quote.priced.interest * 30) / (quote.principal * quote.termDays),
      effectiveRate: effectiveRate({
        netProceeds: quote.priced.netProceeds,
        disbursedOn: quote.priced.disbursedOn,
        payments: quote.schedule.lines,
      }),
    },
    // An order keeps the profile that covered it; an offer is judged by the deployment's.
    compliance: complianceOf(quote, parties.config.compliance),
  };
}

/**
 * The caps the statement names: those that cover the loan (an order's, as recorded when it was
 * taken), or the deployment's, saying the loan is outside them. An order taken before any profile
 * names none.
 */
function complianceOf(quote: LoanQuote, active: ComplianceProfile | null): AgreementTerms['compliance'] {
  if (quote.coveredBy) return { profile: quote.coveredBy, covered: true };
  if (active && !isCovered(active, quote)) return { profile: active, covered: false };
  return null;
}

export function renderAgreement(position: number, terms: AgreementTerms): RenderedAgreement | undefined {
  const agreement = agreementAt(position);
  if (!agreement) return undefined;
  const text = agreement.render(terms);
  return { position, text, sha256: createHash('sha256').update(JSON.stringify(text)).digest('hex') };
}

export function renderAllAgreements(terms: AgreementTerms): RenderedAgreement[] {
  return agreementList.map((agreement) => renderAgreement(agreement.position, terms)!);
}
