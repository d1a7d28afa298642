// Catalog queries equivalent to Supabase's security/performance advisor lints (supabase/splinter),
// written from the rules' descriptions, run over the migrated schema. Each must find nothing.
// Each query is also run over a scratch schema holding one deliberately bad object per rule, to
// prove it can fail.
//
// Every query takes $1 = the schemas to inspect. For the app: the exposed schema (public) for the
// exposure rules, public and private for the rest.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

interface AdvisorRule {
  lint: string;
  name: string;
  /** Which app schemas the rule looks at. */
  scope: 'exposed' | 'app';
  sql: string;
}

const EXPOSED_SCHEMAS = ['public'];
const APP_SCHEMAS = ['public', 'private'];
const PROBE_SCHEMA = 'advisor_probe';

// Functions that belong to an extension are the extension's business, as in splinter.
const NOT_FROM_EXTENSION = `
  not exists (
    select 1 from pg_catalog.pg_depend d
    where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
  )`;

const RULES: AdvisorRule[] = [
  {
    lint: '0013',
    name: 'rls_disabled_in_public: table in an exposed schema without RLS',
    scope: 'exposed',
    sql: `
      select format('%I.%I', n.nspname, c.relname) as finding
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and n.nspname = any($1::text[])
        and not c.relrowsecurity`,
  },
  {
    lint: '0007',
    name: 'policy_exists_rls_disabled: policies on a table whose RLS is off',
    scope: 'app',
    sql: `
      select distinct format('%I.%I', n.nspname, c.relname) as finding
      from pg_catalog.pg_policy p
      join pg_catalog.pg_class c on c.oid = p.polrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[])
        and not c.relrowsecurity`,
  },
  {
    lint: '0024',
    name: 'rls_policy_always_true: permissive write policy for API roles that is literally true',
    scope: 'app',
    sql: `
      select format('%I.%I: %s', p.schemaname, p.tablename, p.policyname) as finding
      from pg_catalog.pg_policies p
      where p.schemaname = any($1::text[])
        and p.permissive = 'PERMISSIVE'
        and p.roles && array['anon', 'authenticated', 'public']::name[]
        and p.cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
        and (
          regexp_replace(lower(coalesce(p.qual, '')), '[\\s()]', '', 'g') in ('true', '1=1')
          or regexp_replace(lower(coalesce(p.with_check, '')), '[\\s()]', '', 'g') in ('true', '1=1')
        )`,
  },
  {
    lint: '0011',
    name: 'function_search_path_mutable: function without a fixed search_path',
    scope: 'app',
    sql: `
      select format('%I.%I(%s)', n.nspname, p.proname,
                    pg_catalog.pg_get_function_identity_arguments(p.oid)) as finding
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1::text[])
        and not exists (
          select 1 from unnest(coalesce(p.proconfig, '{}'::text[])) as setting
          where setting like 'search\\_path=%'
        )
        and ${NOT_FROM_EXTENSION}`,
  },
  {
    lint: '0028/0029',
    name: 'security definer function in an exposed schema executable by anon or authenticated',
    scope: 'exposed',
    sql: `
      select format('%I.%I(%s) by %s', n.nspname, p.proname,
                    pg_catalog.pg_get_function_identity_arguments(p.oid), api_role.name) as finding
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      cross join (values ('anon'::name), ('authenticated'::name)) as api_role (name)
      where p.prosecdef
        and n.nspname = any($1::text[])
        and pg_catalog.has_function_privilege(api_role.name, p.oid, 'execute')
        and ${NOT_FROM_EXTENSION}`,
  },
  {
    lint: '0015',
    name: 'rls_references_user_metadata: policy reads user-editable metadata',
    scope: 'app',
    sql: `
      select format('%I.%I: %s', p.schemaname, p.tablename, p.policyname) as finding
      from pg_catalog.pg_policies p
      where p.schemaname = any($1::text[])
        and (
          coalesce(p.qual, '') ~* '(user_metadata|raw_user_meta_data)'
          or coalesce(p.with_check, '') ~* '(user_metadata|raw_user_meta_data)'
        )`,
  },
  {
    // Stricter than splinter, which only asks whether some wrapped call is present: here every
    // auth.uid()/jwt()/role()/email() and current_setting() call must sit directly in a
    // (select ...), so one unwrapped call next to a wrapped one is still found.
    lint: '0003',
    name: 'auth_rls_initplan: auth function or current_setting() in a policy not wrapped in (select ...)',
    scope: 'app',
    sql: `
      select distinct format('%I.%I: %s', p.schemaname, p.tablename, p.policyname) as finding
      from pg_catalog.pg_policies p
      cross join lateral (values (coalesce(p.qual, '')), (coalesce(p.with_check, ''))) as e (expression)
      where p.schemaname = any($1::text[])
        and regexp_count(e.expression,
              '(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()', 1, 'i')
          > regexp_count(e.expression,
              'select\\s+\\(*\\s*(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()', 1, 'i')`,
  },
  {
    lint: '0001',
    name: 'unindexed_foreign_keys: foreign key without an index leading with its columns',
    scope: 'app',
    sql: `
      select format('%I.%I: %s', n.nspname, t.relname, c.conname) as finding
      from pg_catalog.pg_constraint c
      join pg_catalog.pg_class t on t.oid = c.conrelid
      join pg_catalog.pg_namespace n on n.oid = t.relnamespace
      where c.contype = 'f'
        and n.nspname = any($1::text[])
        and not exists (
          select 1
          from pg_catalog.pg_index i
          where i.indrelid = c.conrelid
            and i.indpred is null
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
        )`,
  },
];

/** One bad object per rule, and what the rule must report for it. */
const PROBE_SETUP = `
  create schema ${PROBE_SCHEMA};

  create table ${PROBE_SCHEMA}.open_table (id int primary key);

  create table ${PROBE_SCHEMA}.policy_without_rls (id int primary key);
  alter table ${PROBE_SCHEMA}.policy_without_rls enable row level security;
  create policy "reads" on ${PROBE_SCHEMA}.policy_without_rls for select to anon using (id > 0);
  alter table ${PROBE_SCHEMA}.policy_without_rls disable row level security;

  create table ${PROBE_SCHEMA}.guarded (
    id int primary key,
    owner_id uuid references auth.users (id),
    reviewer_id uuid references auth.users (id)
  );
  create index guarded_owner_id_idx on ${PROBE_SCHEMA}.guarded (owner_id);
  alter table ${PROBE_SCHEMA}.guarded enable row level security;
  create policy "anyone inserts" on ${PROBE_SCHEMA}.guarded for insert to anon with check (true);
  create policy "metadata admins read" on ${PROBE_SCHEMA}.guarded for select to authenticated
    using ((select auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
  create policy "owners update" on ${PROBE_SCHEMA}.guarded for update to authenticated
    using (owner_id = auth.uid()) with check (owner_id = (select auth.uid()));
  create policy "owners or a setting delete" on ${PROBE_SCHEMA}.guarded for delete to authenticated
    using (owner_id = (select auth.uid()) or current_setting('app.bypass', true) = 'on');

  create function ${PROBE_SCHEMA}.mutable_path() returns int language sql as 'select 1';
  create function ${PROBE_SCHEMA}.definer_for_everyone() returns int
    language sql security definer set search_path = '' as 'select 1';
`;

const PROBE_FINDINGS: Record<string, string[]> = {
  '0013': [`${PROBE_SCHEMA}.open_table`, `${PROBE_SCHEMA}.policy_without_rls`],
  '0007': [`${PROBE_SCHEMA}.policy_without_rls`],
  '0024': [`${PROBE_SCHEMA}.guarded: anyone inserts`],
  '0011': [`${PROBE_SCHEMA}.mutable_path()`],
  '0028/0029': [
    `${PROBE_SCHEMA}.definer_for_everyone() by anon`,
    `${PROBE_SCHEMA}.definer_for_everyone() by authenticated`,
  ],
  '0015': [`${PROBE_SCHEMA}.guarded: metadata admins read`],
  '0003': [
    `${PROBE_SCHEMA}.guarded: owners or a setting delete`,
    `${PROBE_SCHEMA}.guarded: owners update`,
  ],
  '0001': [`${PROBE_SCHEMA}.guarded: guarded_reviewer_id_fkey`],
};

let backend: TestBackend;

async function findings(rule: AdvisorRule, schemas: string[]): Promise<string[]> {
  const rows = await backend.sql<{ finding: string }>(rule.sql, [schemas]);
  return rows.map((row) => row.finding).sort();
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.sql(`drop schema if exists ${PROBE_SCHEMA} cascade`).catch(() => {});
  await backend?.stop();
});

describe('security advisor: the migrated schema has no findings', () => {
  it.each(RULES)('$lint $name', async (rule) => {
    const schemas = rule.scope === 'exposed' ? EXPOSED_SCHEMAS : APP_SCHEMAS;
    expect(await findings(rule, schemas)).toEqual([]);
  });

  it('the app schemas hold tables and policies, so the checks above had something to inspect', async () => {
    const rows = await backend.sql<{ tables: number; policies: number; functions: number }>(
      `select
         (select count(*)::int from pg_catalog.pg_tables where schemaname = 'public') as tables,
         (select count(*)::int from pg_catalog.pg_policies where schemaname = 'public') as policies,
         (select count(*)::int from pg_catalog.pg_proc p
            join pg_catalog.pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'private') as functions`,
    );
    // at least the first migrations' objects; later migrations only add to them.
    expect(rows[0]!.tables).toBeGreaterThanOrEqual(3);
    expect(rows[0]!.policies).toBeGreaterThanOrEqual(8);
    expect(rows[0]!.functions).toBeGreaterThanOrEqual(3);
  });

  it('every table in public and private has RLS enabled, exposed or not', async () => {
    const rows = await backend.sql<{ table: string }>(
      `select format('%I.%I', schemaname, tablename) as table
         from pg_catalog.pg_tables
        where schemaname = any($1::text[]) and not rowsecurity`,
      [APP_SCHEMAS],
    );
    expect(rows).toEqual([]);
  });

  it('no security definer function in public or private is executable by anon', async () => {
    const rows = await backend.sql<{ fn: string }>(
      `select p.oid::regprocedure::text as fn
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname = any($1::text[])
          and pg_catalog.has_function_privilege('anon', p.oid, 'execute')`,
      [APP_SCHEMAS],
    );
    expect(rows).toEqual([]);
  });

  it('every policy names anon or authenticated, never the implicit public role', async () => {
    const rows = await backend.sql<{ policy: string }>(
      `select format('%I.%I: %s', schemaname, tablename, policyname) as policy
         from pg_catalog.pg_policies
        where schemaname = any($1::text[])
          and not (roles <@ array['anon', 'authenticated']::name[] and cardinality(roles) = 1)`,
      [APP_SCHEMAS],
    );
    expect(rows).toEqual([]);
  });
});

describe('security advisor: each check detects a deliberately bad object', () => {
  beforeAll(async () => {
    await backend.sql(`drop schema if exists ${PROBE_SCHEMA} cascade`);
    for (const statement of PROBE_SETUP.split(/;\s*$/m)
      .map((part) => part.trim())
      .filter(Boolean)) {
      await backend.sql(statement);
    }
  });

  it.each(RULES)('$lint finds the bad object in the scratch schema', async (rule) => {
    expect(await findings(rule, [PROBE_SCHEMA])).toEqual(
      [...(PROBE_FINDINGS[rule.lint] ?? ['missing'])].sort(),
    );
  });
});
