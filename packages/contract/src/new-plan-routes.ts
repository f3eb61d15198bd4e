import { nameRoutes } from './routes.ts';

/**
 * A new plan (restructuring) the lender offers a borrower in difficulty (decision 0110): its
 * disclosure, and the borrower's acceptance, after which it replaces what is unpaid.
 */
export const newPlanRoutes = nameRoutes({
  newPlanOffer: {
    summary:
      "The new plan on offer for the borrower's order as a disclosure: what they owe now, each new instalment, the total cost; null when none is on offer",
    tag: 'Orders',
    method: 'GET',
    path: '/v3/new-plan',
    auth: 'borrower',
  },
  newPlanAccept: {
    summary:
      'Accepts the new plan on offer: it replaces what is unpaid at once; a second acceptance answers the first',
    tag: 'Orders',
    method: 'POST',
    path: '/v3/new-plan/accept',
    auth: 'borrower',
  },
});
