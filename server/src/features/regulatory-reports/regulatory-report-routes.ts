import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { addDays, calendarDateAt } from '@kwarta/domain';
import { endpoints, messages } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { audited } from '../operators/index.ts';
import {
  findCicSubmission,
  listCicSubmissions,
  markCicSubmissionSent,
  type CicSubmission,
} from './cic-history.ts';
import { CicRequestError, generateCicFile } from './cic-submission.ts';

/** What the console shows of a file: everything but where it lies on the server's disk. */
const shown = ({ filePath: _path, ...submission }: CicSubmission) => submission;

/**
 * The console's Regulatory reports screen (decision 0106): the CIC files generated, generating one
 * (validated first), downloading it and marking it sent. Files are written to DATA_DIR/cic.
 */
export function regulatoryReportCalls(app: FastifyInstance): void {
  const outDir = path.join(app.config.dataDir, 'cic');

  registerEndpoint(app, endpoints.consoleCicSubmissions, async () => {
    const today = calendarDateAt(app.clock.now(), app.config.lenderTimeZone);
    return {
      providerCode: app.config.cicProviderCode,
      lastMonth: addDays(`${today.slice(0, 8)}01`, -1).slice(0, 7),
      submissions: (await listCicSubmissions(app.db)).map(shown),
    };
  });

  registerEndpoint(app, endpoints.consoleCicGenerate, async (input, { operator }) => {
    if (!app.config.cicProviderCode) throw ApiError.badRequest(messages.cicProviderCodeMissing);
    try {
      const result = await generateCicFile(app.db, {
        month: input.month,
        correction: input.correction === '1',
        providerCode: app.config.cicProviderCode,
        outDir,
        timeZone: app.config.lenderTimeZone,
        now: app.clock.now(),
        generatedBy: `operator:${operator.name}`,
      });
      return result.ok
        ? {
            submission: shown(result.submission),
            errorCount: 0,
            errors: [],
            subjects: result.submission.subjects,
            contracts: result.submission.contracts,
          }
        : { submission: null, ...result };
    } catch (error) {
      if (error instanceof CicRequestError) throw ApiError.badRequest(error.message);
      throw error;
    }
  });

  registerEndpoint(app, endpoints.consoleCicMarkSent, async (input, { operator }) => {
    const before = await findCicSubmission(app.db, input.id);
    if (!before) throw ApiError.notFound();
    const after = await audited(app, operator, async (trx) => {
      const result = await markCicSubmissionSent(trx, input.id, `operator:${operator.name}`, app.clock.now());
      return {
        result: result!,
        audit: {
          action: 'cic.mark-sent',
          subject: `cic-submission:${input.id}`,
          before: { sentBy: before.sentBy, sentAt: before.sentAt },
          after: { sentBy: result!.sentBy, sentAt: result!.sentAt },
        },
      };
    });
    return shown(after);
  });

  // The file holds every reported borrower's data: a download is one row of the access log naming
  // the file, whose borrowers are its list (decision 0107), not a row per borrower.
  registerPersonalDataRead(app, endpoints.consoleCicDownload, {
    what: 'CIC submission file',
    read: async (input) => {
      const submission = await findCicSubmission(app.db, input.id);
      if (!submission || !fs.existsSync(submission.filePath)) throw ApiError.notFound();
      return submission;
    },
    subjects: (submission) => ({
      cicSubmissionId: submission.id,
      detail: `${submission.month}${submission.correction ? ' (correction)' : ''} ${submission.fileName}`,
    }),
    respond: (submission, { reply }) => {
      reply
        .header('Content-Disposition', `attachment; filename="${submission.fileName}"`)
        .header('Cache-Control', 'no-store');
      return fs.createReadStream(submission.filePath);
    },
  });
}
