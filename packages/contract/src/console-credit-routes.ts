import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/** Credit decisions in the console (decision 0109): decision models, an order's decision, overrides. */
const R = ConsoleRoles;

export const consoleCreditRoutes = nameRoutes({
  consoleCreditModels: {
    summary:
      'The active decision model (tables, version hash, who activated it), the challenger, every saved model and activation, overrides per officer, pending review requests',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/credit/models',
    auth: 'operator',
    roles: R.manageCreditModels,
  },
  consoleCreditModelSave: {
    summary:
      'Saves a draft decision model (JSON): refused with every error named by table, row and field, and nothing saved; the same content saved twice is one version',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/credit/models/save',
    auth: 'operator',
    roles: R.manageCreditModels,
  },
  consoleCreditSimulate: {
    summary:
      "Decides a period's applications again with a draft and the active model: approval rate, reasons, limits, and PAR30 and write-offs of the approved loans that were disbursed",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/credit/simulate',
    auth: 'operator',
    roles: R.manageCreditModels,
  },
  consoleCreditActivate: {
    summary:
      'Makes a saved model (by version hash) the active one or the challenger, with a reason; rolling back is activating an older one; audited',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/credit/models/activate',
    auth: 'operator',
    roles: R.manageCreditModels,
  },
  consoleOrderDecision: {
    summary:
      "An order's automatic credit decision as recorded: model version, inputs, trace, outcome, reasons, limit, overrides",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/order/decision',
    auth: 'operator',
    roles: R.readOrders,
  },
  consoleCreditOverride: {
    summary:
      "Overrides the model on a referred order (approve or decline) or answers a declined borrower's review request, with a reason; audited",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/order/override',
    auth: 'operator',
    roles: R.decideOrders,
  },
});
