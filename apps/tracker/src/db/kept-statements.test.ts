import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KeptStatements, keepStatements, MAX_KEPT } from './kept-statements.ts';

describe('statements kept prepared on PGlite', () => {
  let client: PGlite;
  let kept: KeptStatements;
  /** The statements the connection holds, read without going through the wrapper. */
  let held: () => Promise<string[]>;

  beforeAll(async () => {
    client = new PGlite();
    const plain = client.query.bind(client);
    held = async () =>
      (await plain<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
        (row) => row.statement,
      );
    kept = keepStatements(client);
    await client.exec(`
      CREATE TABLE people (id int PRIMARY KEY, email text NOT NULL, joined date NOT NULL);
      INSERT INTO people SELECT i, 'person-' || i || '@example.org', date '2026-01-01' + i
      FROM generate_series(1, 50) AS i;`);
  });

  afterAll(async () => {
    await client?.close();
  });

  const BY_ID = 'SELECT id, email, joined FROM people WHERE id = $1 AND email <> $2';

  it('prepares a SELECT the second time it runs and answers as before', async () => {
    const answers: unknown[][][] = [];
    for (const id of [3, 4, 5, 6]) {
      answers.push(
        (await client.query<unknown[]>(BY_ID, [id, 'nobody@example.org'], { rowMode: 'array' }))
          .rows,
      );
    }
    expect(answers).toEqual(
      [3, 4, 5, 6].map((id) => [[id, `person-${id}@example.org`, expect.any(Date)]]),
    );
    expect(answers[3]?.[0]?.[2]).toEqual(new Date('2026-01-07T00:00:00Z'));
    expect(
      (await held()).filter((statement) => statement.includes('FROM people WHERE id')),
    ).toHaveLength(1);
    // The fields come back as they do unprepared (the driver reads them by position and name).
    const { fields } = await client.query(BY_ID, [7, 'x']);
    expect(fields.map((field) => field.name)).toEqual(['id', 'email', 'joined']);
  });

  it('runs a kept statement as one simple query: two calls into PostgreSQL, not six', async () => {
    const text = 'SELECT email FROM people WHERE id = $1';
    await client.query(text, [12]);
    await client.query(text, [13]);
    const calls: string[] = [];
    const stream = client.execProtocolStream.bind(client);
    // Counted, not changed: PGlite's query and exec each call this once a protocol message.
    client.execProtocolStream = (message, options) => {
      calls.push(String.fromCharCode(message[0] ?? 0));
      return stream(message, options);
    };
    try {
      expect((await client.query(text, [14])).rows).toEqual([{ email: 'person-14@example.org' }]);
    } finally {
      client.execProtocolStream = stream;
    }
    // Q: the simple query (EXECUTE), S: sync.
    expect(calls).toEqual(['Q', 'S']);
  });

  it('parses with the parsers a caller gives, and with the client’s for every other type', async () => {
    const text = 'SELECT id, joined, ARRAY[id] AS ids FROM people WHERE id = $1';
    // 1082: date.
    const asText = { 1082: (value: string) => `day ${value}` };
    for (const id of [15, 16, 17]) {
      expect((await client.query(text, [id], { parsers: asText })).rows).toEqual([
        { id, joined: `day 2026-01-${String(id + 1).padStart(2, '0')}`, ids: [id] },
      ]);
    }
    // The client's own are unchanged by a caller's.
    expect((await client.query(text, [18])).rows).toEqual([
      { id: 18, joined: new Date('2026-01-19T00:00:00Z'), ids: [18] },
    ]);
  });

  it('never writes a value with a quote or a backslash into a statement: it runs unprepared', async () => {
    const text = 'SELECT id FROM people WHERE email = $1';
    const tricky = ["x' OR '1'='1", 'x\\', "person-1@example.org'--"];
    for (const value of [...tricky, ...tricky]) {
      expect((await client.query(text, [value])).rows).toEqual([]);
    }
    expect((await held()).some((statement) => statement.includes('WHERE email = $1'))).toBe(false);
    expect((await client.query(text, ['person-2@example.org'])).rows).toEqual([{ id: 2 }]);
  });

  it('runs a text PREPARE refuses as before, and a statement the connection lost again', async () => {
    // PREPARE cannot work out $1's type here; the unnamed statement takes it as text.
    for (let i = 0; i < 3; i++) {
      expect((await client.query('SELECT $1 AS echoed', ['hello'])).rows).toEqual([
        { echoed: 'hello' },
      ]);
    }
    await client.query(BY_ID, [8, 'x']);
    await client.exec('DEALLOCATE ALL');
    expect((await client.query(BY_ID, [9, 'x'])).rows).toEqual([
      { id: 9, email: 'person-9@example.org', joined: new Date('2026-01-10T00:00:00Z') },
    ]);
    expect((await client.query(BY_ID, [10, 'x'])).rows).toHaveLength(1);
    expect((await client.query(BY_ID, [11, 'x'])).rows).toHaveLength(1);
    expect(
      (await held()).filter((statement) => statement.includes('FROM people WHERE id')),
    ).toHaveLength(1);
  });

  it('prepares a text asked for by many at once once', async () => {
    const text = 'SELECT count(*)::int AS n FROM people WHERE id <= $1';
    await client.query(text, [1]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.query<{ n: number }>(text, [i + 1])),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await held()).filter((statement) => statement.includes('WHERE id <= $1'))).toHaveLength(
      1,
    );
  });

  it('leaves writes as they are and keeps at most MAX_KEPT texts', async () => {
    await client.query('INSERT INTO people VALUES ($1, $2, $3)', [
      51,
      'new@example.org',
      '2026-03-01',
    ]);
    await client.query('INSERT INTO people VALUES ($1, $2, $3)', [
      52,
      'new2@example.org',
      '2026-03-02',
    ]);
    expect((await held()).some((statement) => statement.startsWith('INSERT'))).toBe(false);
    for (let i = 0; i < MAX_KEPT + 20; i++) {
      const text = `SELECT id FROM people WHERE id = $1 AND ${i} = ${i}`;
      await client.query(text, [1]);
      await client.query(text, [2]);
    }
    expect(await kept.prepared()).toBeLessThanOrEqual(MAX_KEPT);
    expect((await held()).length).toBeLessThanOrEqual(MAX_KEPT);
    expect((await held()).length).toBeGreaterThan(MAX_KEPT / 2);
  });
});
