import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { calendarDateAt } from '@kwarta/domain';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { csvDownload, type CsvColumn } from '../../lib/csv.ts';
import { flagSuspicious, listAmlRecords, markReported, type AmlRecordView } from './aml-register.ts';

/** The register's columns in the AMLC portal file: the fields the screen shows, one row per record. */
export const amlExportColumns: readonly CsvColumn<AmlRecordView>[] = [
  { header: 'record_id', cell: (row) => row.id },
  { header: 'kind', cell: (row) => row.kind },
  { header: 'borrower_id', cell: (row) => row.borrowerId },
  { header: 'order_id', cell: (row) => row.orderId },
  { header: 'payment_id', cell: (row) => row.paymentId },
  { header: 'amount_minor', cell: (row) => row.amount },
  { header: 'narrative', cell: (row) => row.narrative },
  { header: 'determined_on', cell: (row) => row.determinedOn },
  { header: 'due_on', cell: (row) => row.dueOn },
  { header: 'overdue', cell: (row) => (row.overdue ? 'yes' : 'no') },
  { header: 'flagged_by', cell: (row) => row.flaggedBy },
  { header: 'flagged_at', instant: (row) => row.flaggedAt },
  { header: 'reported_by', cell: (row) => row.report?.by },
  { header: 'reported_at', instant: (row) => row.report?.at ?? null },
  { header: 'amlc_reference', cell: (row) => row.report?.reference },
];

/** The compliance officer's AML register (decision 0112). */
export async function amlConsoleRoutes(app: FastifyInstance): Promise<void> {
  const today = () => calendarDateAt(app.clock.now(), app.config.lenderTimeZone);

  registerEndpoint(app, endpoints.consoleAmlRecords, async (filter) => ({
    rows: await listAmlRecords(app.db, filter, today()),
  }));

  registerEndpoint(app, endpoints.consoleAmlFlag, (input, { operator }) =>
    flagSuspicious(app, operator, input),
  );

  registerEndpoint(app, endpoints.consoleAmlReported, (input, { operator }) =>
    markReported(app, operator, input),
  );

  registerEndpoint(app, endpoints.consoleAmlExport, async (filter, { reply }) =>
    csvDownload(
      reply,
      `aml-register-${today()}.csv`,
      amlExportColumns,
      await listAmlRecords(app.db, filter, today()),
    ),
  );
}
