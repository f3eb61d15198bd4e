import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/** The console's regulatory reports (decision 0106): the CIC's monthly submission file. */
const R = ConsoleRoles;

export const consoleRegulatoryRoutes = nameRoutes({
  consoleCicSubmissions: {
    summary:
      'The CIC submission files generated, newest first: month, regular or correction, SHA-256, counts, who generated and who marked each sent',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/regulatory/cic',
    auth: 'operator',
    roles: R.regulatoryReports,
  },
  consoleCicGenerate: {
    summary:
      "Generates a month's CIC submission file (regular or correction), validated first: answers the file kept, or every error with its record, field and rule and no file",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/regulatory/cic/generate',
    auth: 'operator',
    roles: R.regulatoryReports,
  },
  consoleCicMarkSent: {
    summary: 'Marks a CIC submission file sent to the CIC, once (a second mark keeps the first sender)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/regulatory/cic/mark-sent',
    auth: 'operator',
    roles: R.regulatoryReports,
  },
  consoleCicDownload: {
    summary: 'A CIC submission file as generated (pipe-delimited UTF-8 text)',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/regulatory/cic/file',
    auth: 'operator',
    roles: R.regulatoryReports,
    produces: 'text/plain',
  },
});
