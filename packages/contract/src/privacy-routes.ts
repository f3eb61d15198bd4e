import { nameRoutes } from './routes.ts';

/**
 * A borrower's rights under the Data Privacy Act (decision 0107): the notices they acknowledge,
 * their requests, and the copy of their data. The download answers to its link's token alone
 * (unguessable, short-lived), so the phone's browser can save the file without the session.
 */
export const privacyRoutes = nameRoutes({
  privacyStatus: {
    summary:
      "The privacy policy's current version and whether the borrower must acknowledge it, with the borrower's requests and their deadlines",
    tag: 'Privacy',
    method: 'GET',
    path: '/v3/privacy/status',
    auth: 'borrower',
  },
  privacyAcknowledge: {
    summary: 'Records that the borrower acknowledged the privacy policy version shown',
    tag: 'Privacy',
    method: 'POST',
    path: '/v3/privacy/acknowledge',
    auth: 'borrower',
  },
  privacyJustInTimeNotice: {
    summary:
      'Records that the borrower was shown a just-in-time notice (the identity camera) before the data was collected',
    tag: 'Privacy',
    method: 'POST',
    path: '/v3/privacy/notice',
    auth: 'borrower',
  },
  privacyRequest: {
    summary:
      'Asks to correct a field, or to erase or block my data; answers the open request of the same kind when there is one',
    tag: 'Privacy',
    method: 'POST',
    path: '/v3/privacy/request',
    auth: 'borrower',
  },
  privacyExportLink: {
    summary:
      'A short-lived link to a copy of everything held about the borrower, as JSON and as a readable document',
    tag: 'Privacy',
    method: 'POST',
    path: '/v3/privacy/export',
    auth: 'borrower',
  },
  privacyExportJson: {
    summary: "The copy of the link's borrower's data as JSON (404 once the link expired)",
    tag: 'Privacy',
    method: 'GET',
    path: '/my-data/export.json',
    auth: 'public',
    produces: 'application/json',
  },
  privacyExportDocument: {
    summary: "The copy of the link's borrower's data as a readable HTML document (404 once the link expired)",
    tag: 'Privacy',
    method: 'GET',
    path: '/my-data/export.html',
    auth: 'public',
    produces: 'text/html',
  },
});
