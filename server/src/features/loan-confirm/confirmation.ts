import { LoanConfirmRules, messages, webRoutes, type EndpointData, type endpoints } from '@kwarta/contract';
import { daysBetween, formatMoney, type CalendarDate, type MoneyStyle } from '@kwarta/domain';
import type { LoanProduct, LoanQuote } from '../products/index.ts';

export type ConfirmationData = EndpointData<typeof endpoints.loanDetailConfirm>;

/**
 * Where an agreement is read (contract-jump's contract_url, the popup's popAgreementUrl): the
 * disclosure statement on its own printable page, the loan agreement on the agreement page. Of an
 * order when one is named, else of the offer asked (`amount`, `term`; the product's offer when
 * absent), so the documents a confirmation opens describe the offer it confirms.
 */
export function agreementUrl(params: {
  productId: number;
  position: number;
  orderId?: number | undefined;
  amount?: number | undefined;
  term?: number | undefined;
}): string {
  const disclosure = params.position === LoanConfirmRules.agreementPositions.disclosureStatement;
  const query = new URLSearchParams({ productId: String(params.productId) });
  if (!disclosure) query.set('position', String(params.position));
  if (params.orderId) query.set('orderId', String(params.orderId));
  else {
    if (params.amount !== undefined) query.set('amount', String(params.amount));
    if (params.term !== undefined) query.set('term', String(params.term));
  }
  return `${disclosure ? webRoutes.disclosure : webRoutes.loanAgreement}?${query}`;
}

/**
 * Spec §3 "Loan confirm data" from a quote: the figures, the plan as if disbursed on `startsOn`,
 * and what the product asks of the page (retention popup, agreement popup).
 */
export function confirmationData(
  { product }: LoanProduct,
  quote: LoanQuote,
  startsOn: CalendarDate,
  money: MoneyStyle,
): ConfirmationData {
  const first = quote.schedule.lines[0]!;
  return {
    amount: quote.principal,
    periods: quote.periods,
    termUnit: LoanConfirmRules.termUnitDays,
    term: quote.termDays,
    details: [
      { text: messages.loanDetailPrincipal, value: formatMoney(quote.principal, money) },
      { text: messages.loanDetailCharges, value: formatMoney(quote.charges, money) },
      { text: messages.loanDetailTotal, value: formatMoney(quote.schedule.total, money) },
      { text: messages.loanDetailInstalments, value: String(quote.periods) },
      { text: messages.loanDetailFirstDue, value: first.dueDate },
    ],
    repay_plans: quote.schedule.lines.map((line) => ({ pay_time: line.dueDate, amount: line.amount })),
    firstPayTime: first.dueDate,
    firstPeriodDay: daysBetween(startsOn, first.dueDate),
    pRateDsc: product.rate_description,
    sendSms: 0,
    isPopType: product.retention_popup === 1 ? 1 : 0,
    popTitle: messages.loanConfirmRetentionTitle,
    popContent: messages.loanConfirmRetentionContent,
    popAgreementUrl:
      product.agreement_popup === 1
        ? agreementUrl({
            productId: product.id,
            position: LoanConfirmRules.agreementPositions.loanAgreement,
            amount: quote.principal,
            term: quote.termDays,
          })
        : '',
    comProductLogo: product.logo_url,
    comProductName: product.name,
  };
}
