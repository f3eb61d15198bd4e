import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/**
 * The console's collections calls (decision 0098): the queue of overdue orders by bucket, an
 * order's collections panel, and what a collector records or sends. The viewer reads; the
 * collector (and admin) writes; templates are the admin's.
 */
const R = ConsoleRoles;

export const consoleCollectionsRoutes = nameRoutes({
  consoleCollections: {
    summary:
      'Overdue orders by days past due of the oldest unpaid line, filtered by bucket, with counts per bucket',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/collections',
    auth: 'operator',
    roles: R.readCollections,
  },
  consoleCollectionsOrder: {
    summary:
      "One order's collections panel: contact log, promises to pay and their state, assignment, the contact rule now",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/collections/order',
    auth: 'operator',
    roles: R.readCollections,
  },
  consoleRecordContact: {
    summary: 'Records a call or message with its outcome and note, and optionally a promise to pay',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/collections/contact',
    auth: 'operator',
    roles: R.collect,
  },
  consoleAssignCollector: {
    summary: 'Assigns an order to a collector (admin), or takes an unassigned one (the collector)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/collections/assign',
    auth: 'operator',
    roles: R.collect,
  },
  consoleAssignCollectorBulk: {
    summary:
      'Assigns up to 500 overdue orders to one collector in one transaction (admin): all or none, refusing orders not in collection; audited',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/collections/assign-bulk',
    auth: 'operator',
    roles: R.administer,
  },
  consoleSendCollectionSms: {
    summary: "Queues an approved template's SMS to the order's borrower, inside the lawful contact hours",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/collections/sms',
    auth: 'operator',
    roles: R.collect,
  },
  consoleCollectionTemplates: {
    summary: 'Collection SMS templates with their approval',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/collections/templates',
    auth: 'operator',
    roles: R.administer,
  },
  consoleSaveCollectionTemplate: {
    summary: 'Creates or edits a collection SMS template; an edit needs approval again',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/collections/template/save',
    auth: 'operator',
    roles: R.administer,
  },
  consoleApproveCollectionTemplate: {
    summary: 'Approves a collection SMS template for collectors to send',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/collections/template/approve',
    auth: 'operator',
    roles: R.administer,
  },
});
