/** A page of a list the console shows: 1-based page number and its size (contract pageFields). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** Any query that can be limited, offset and run (a Kysely select). */
interface PageableQuery<Row> {
  limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } };
}

/**
 * Reads one page of an ordered query: `pageSize + 1` rows, so whether a further page exists is
 * known without a count over the whole table (decision 0080, the queue at 100,000 orders).
 */
export async function readPage<Row, Item>(
  query: PageableQuery<Row>,
  request: PageRequest,
  toItem: (row: Row) => Item,
) {
  const rows = await query
    .limit(request.pageSize + 1)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return {
    items: rows.slice(0, request.pageSize).map(toItem),
    page: request.page,
    pageSize: request.pageSize,
    hasMore: rows.length > request.pageSize,
  };
}
