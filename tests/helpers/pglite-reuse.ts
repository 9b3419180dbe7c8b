import type { PGlite } from '@electric-sql/pglite';
import { JOB_SCHEMA } from '../../server/jobs/queues';

/*
 * Starting a PGlite from the template's data directory takes over a second of CPU (the
 * WebAssembly Postgres starting up), and an integration test file needs one or more. A worker
 * keeps the PGlites of its finished files and puts one back to the template's rows for the
 * next file instead (tests/helpers/test-database.ts): the template carries a copy of every
 * table's rows, made once when it is built.
 */

const SNAPSHOT = 'test_template';
const SCHEMAS = ['public', JOB_SCHEMA];

type TableRow = { s: string; t: string; cols: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const copyOf = (s: string, t: string) => `${SNAPSHOT}.${quote(`${s}.${t}`)}`;

/** In the template, once it is migrated and seeded: the rows to go back to. */
export async function snapshotTemplate(client: PGlite): Promise<void> {
  const { rows: tables } = await client.query<{ s: string; t: string }>(
    `select schemaname as s, tablename as t from pg_tables
      where schemaname = any($1) order by 1, 2`,
    [SCHEMAS],
  );
  await client.exec(`
    create schema ${SNAPSHOT};
    create table ${SNAPSHOT}.tables (s text not null, t text not null, cols text not null);`);
  for (const { s, t } of tables) {
    // Generated columns are computed again on the way back, so not copied.
    const { rows } = await client.query<{ cols: string }>(
      `select string_agg(quote_ident(attname), ', ' order by attnum) as cols
         from pg_attribute
        where attrelid = (quote_ident($1) || '.' || quote_ident($2))::regclass
          and attnum > 0 and not attisdropped and attgenerated = ''`,
      [s, t],
    );
    const cols = rows[0]!.cols;
    await client.exec(
      `create table ${copyOf(s, t)} as select ${cols} from ${quote(s)}.${quote(t)}`,
    );
    await client.query(`insert into ${SNAPSHOT}.tables values ($1, $2, $3)`, [s, t, cols]);
  }
}

/**
 * Puts a used copy back to the template's rows, as a fresh copy would hold them: tables made
 * since dropped, every table emptied and refilled from the snapshot (triggers and foreign
 * keys off meanwhile, as the rows were consistent when copied), every sequence where it was
 * when the copy was opened.
 */
export type SequenceValues = { name: string; value: string; called: boolean }[];

/**
 * Every sequence's value in a copy just opened from the template. Read there, not in the
 * template: Postgres logs a sequence 32 values ahead, and a copy starts from the logged value.
 */
export async function sequenceValues(client: PGlite): Promise<SequenceValues> {
  const { rows: names } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name
       from pg_sequences where schemaname = any($1)`,
    [SCHEMAS],
  );
  if (names.length === 0) return [];
  // The sequence's own row: pg_sequences shows no value for one restarted and not used yet.
  const { rows } = await client.query<SequenceValues[number]>(
    names
      .map(
        ({ name }) =>
          `select '${name}' as name, last_value::text as value, is_called as called from ${name}`,
      )
      .join(' union all '),
  );
  return rows;
}

export async function resetToTemplate(client: PGlite, sequences: SequenceValues): Promise<void> {
  const { rows: tables } = await client.query<TableRow>(
    `select s, t, cols from ${SNAPSHOT}.tables order by s, t`,
  );
  const known = new Set(tables.map(({ s, t }) => `${s}.${t}`));
  const { rows: present } = await client.query<{ s: string; t: string }>(
    `select schemaname as s, tablename as t from pg_tables where schemaname = any($1)`,
    [SCHEMAS],
  );
  const made = present.filter(({ s, t }) => !known.has(`${s}.${t}`));
  const all = tables.map(({ s, t }) => `${quote(s)}.${quote(t)}`).join(', ');
  await client.exec(`
    ${made.map(({ s, t }) => `drop table if exists ${quote(s)}.${quote(t)} cascade;`).join('\n')}
    set session_replication_role = replica;
    truncate ${all} cascade;
    ${tables
      .map(
        ({ s, t, cols }) =>
          `insert into ${quote(s)}.${quote(t)} (${cols}) overriding system value
           select ${cols} from ${copyOf(s, t)};`,
      )
      .join('\n')}
    ${sequences
      .map(({ name, value, called }) => `select setval('${name}', ${value}, ${called});`)
      .join('\n')}
    set session_replication_role = default;`);
}
