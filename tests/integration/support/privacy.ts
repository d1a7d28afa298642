import type { TestBackend } from './backend.ts';

let counter = 0;

export interface SeededEnquiry {
  id: string;
  email: string;
}

/**
 * Inserts an enquiry straight into the database (so created_at can be in the past), with the
 * client address row a Data API insert would have written and one staff note. The insert
 * triggers queue its notification mail as usual.
 */
export async function seedEnquiry(
  backend: TestBackend,
  options: { email?: string; createdAt?: string; lastContactedAt?: string | null } = {},
): Promise<SeededEnquiry> {
  counter += 1;
  const email = options.email ?? `visitor-${counter}@example.com`;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at, last_contacted_at)
     values ($1, $2, 'Privacy Ltd', 'analytics', 'immediate', 'An enquiry about our data.',
             coalesce($3::timestamptz, now()), $4::timestamptz)
     returning id::text as id`,
    [`Visitor ${counter}`, email, options.createdAt ?? null, options.lastContactedAt ?? null],
  );
  const id = rows[0]!.id;
  await backend.sql(
    `insert into private.enquiry_sources (submission_id, client_address, created_at)
     values ($1, $2, coalesce($3::timestamptz, now()))`,
    [id, `198.51.100.${counter % 250}`, options.createdAt ?? null],
  );
  await backend.sql(
    `insert into public.enquiry_notes (submission_id, body) values ($1, 'Called back, keen.')`,
    [id],
  );
  return { id, email };
}

/** Every text value of every row of every table in public and private, as [table.column, value]. */
export async function everyStoredText(
  backend: TestBackend,
): Promise<{ where: string; value: string }[]> {
  const tables = await backend.sql<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_catalog.pg_tables
      where schemaname in ('public', 'private') order by 1, 2`,
  );
  const found: { where: string; value: string }[] = [];
  for (const table of tables) {
    const rows = await backend.sql<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) as row from "${table.schema}"."${table.name}" as t`,
    );
    for (const { row } of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null) continue;
        found.push({
          where: `${table.schema}.${table.name}.${column}`,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        });
      }
    }
  }
  return found;
}
