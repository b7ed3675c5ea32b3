import pg from 'pg';

/** Whether a PostgreSQL server answers at `url`: the benches measure it only when it does. */
export async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
