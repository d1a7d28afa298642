// Every table that holds an address or an account id is one the privacy documentation accounts
// for, and the subject-rights functions reach it: the catalog is read, not a list kept by hand,
// so a new table with personal data fails here until it is documented and covered.

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

const PRIVACY_DOC = 'docs/privacy-in-the-software.md';

let backend: TestBackend;
let admin: SupabaseClient;

interface PersonalColumn {
  table: string;
  column: string;
  kind: 'address' | 'account';
  account_fk: 'cascade' | 'set null' | 'other' | null;
}

/**
 * The columns of the app's tables that hold an address (e-mail, phone, client address, mail
 * recipient, mailbox) or an account id: a uuid referring to auth.users, or one named as such.
 */
async function personalColumns(): Promise<PersonalColumn[]> {
  return backend.sql<PersonalColumn>(
    `with account_keys as (
       select con.conrelid, att.attname,
              case con.confdeltype when 'c' then 'cascade' when 'n' then 'set null' else 'other' end
                as on_delete
         from pg_catalog.pg_constraint as con
         join pg_catalog.pg_attribute as att
           on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
        where con.contype = 'f' and con.confrelid = 'auth.users'::regclass
     )
     select n.nspname || '.' || c.relname as "table",
            a.attname as "column",
            case when pg_catalog.format_type(a.atttypid, a.atttypmod) = 'uuid'
                 then 'account' else 'address' end as kind,
            k.on_delete as account_fk
       from pg_catalog.pg_class as c
       join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute as a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join account_keys as k on k.conrelid = c.oid and k.attname = a.attname
      where n.nspname in ('public', 'private')
        and c.relkind in ('r', 'p')
        and (
          k.attname is not null
          or (pg_catalog.format_type(a.atttypid, a.atttypmod) = 'uuid'
              and a.attname ~ '(^|_)(user_id|author_id)$|_by$|^assigned_to$')
          or (pg_catalog.format_type(a.atttypid, a.atttypmod) = 'text'
              and a.attname ~* '(email|phone|address|recipient|mailbox)')
        )
      order by 1, 2`,
  );
}

interface DocumentedTable {
  table: string;
  access: string;
}

/** The rows of the privacy documentation's table of tables that hold personal data. */
async function documentedTables(): Promise<DocumentedTable[]> {
  const text = await readFile(PRIVACY_DOC, 'utf8');
  const section = text.split('## Tables that hold personal data')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([a-z_]+\.[a-z_]+)` +\|[^|]*\| *([^|]*?) *\|/gm)].map(
    (match) => ({ table: match[1]!, access: match[2]! }),
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await createAdmin(backend, 'coverage.admin@kestrel.test')).client;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('personal data', () => {
  it('every table with an address or an account id is in the privacy documentation, and only those', async () => {
    const found = [...new Set((await personalColumns()).map((column) => column.table))];
    const documented = (await documentedTables()).map((row) => row.table);
    expect(documented.length).toBeGreaterThan(0);
    expect(found.filter((table) => !documented.includes(table))).toEqual([]);
    expect(documented.filter((table) => !found.includes(table))).toEqual([]);
  });

  it('every account id refers to auth.users, so deleting the account removes or unlinks it', async () => {
    const accountColumns = (await personalColumns()).filter((column) => column.kind === 'account');
    expect(accountColumns.length).toBeGreaterThan(0);
    const loose = accountColumns
      .filter((column) => column.account_fk !== 'cascade' && column.account_fk !== 'set null')
      .map((column) => `${column.table}.${column.column}`);
    // audit entries keep their account id after the account goes: who did what stays on record
    // (erasure removes the address; the id alone names nobody once the account is deleted).
    expect(loose.filter((column) => column !== 'public.audit_log.user_id')).toEqual([]);
  });

  it('subject access returns every table the documentation says it lists', async () => {
    const { data, error } = await admin.rpc('subject_access', { _email: 'nobody@example.com' });
    expect(error).toBeNull();
    const counted = Object.keys((data as { counts: Record<string, number> }).counts);
    const listed = (await documentedTables())
      .filter((row) => row.access === 'listed')
      .map((row) => row.table.split('.')[1]!);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((table) => !counted.includes(table))).toEqual([]);
  });
});
