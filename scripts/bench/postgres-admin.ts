import pg from 'pg';

/** One statement on the PostgreSQL server as its admin (CREATE/DROP DATABASE for a bench's own database). */
export async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
