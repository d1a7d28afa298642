// Supabase's database linter (splinter: the queries behind the dashboard's Security and
// Performance advisors), ported lint by lint and run over the migrated catalog of the embedded
// PostgreSQL (or, with DATABASE_URL, another server). The migrated schema must give no ERROR and no WARN finding; each
// ported lint must also find a deliberately bad object in a scratch schema, so it can fail.
//
// Every query takes $1 = the schemas to report (null: every schema splinter inspects, i.e. all
// but its list of system and extension schemas) and $2 = the schemas the Data API exposes (what
// splinter reads from pgrst.db_schemas; public for this project).
//
// Lints ported here: 0001 0002 0003 0004 0005 0006 0007 0008 0009 0010 0011 0012 0013 0014 0015
// 0016 0017 0018 0021 0022 0023 0024 0028 0029 and the three numbered 0030 (invalid_index,
// rls_policy_null_auth_disjunct, autovacuum_disabled). Lints that cannot apply to this database,
// each with a premise the last describe block checks:
//   0019 insecure_queue_exposed_in_api       needs the pgmq extension, which is not installed
//   0020 table_bloat                         an estimate from planner statistics of a table's
//                                            dead space: it describes traffic, not the schema,
//                                            and a freshly migrated database has none
//   0025 public_bucket_allows_listing        needs Supabase Storage (storage.buckets); none here
//   0026/0027 pg_graphql_*_table_exposed     report only when pg_graphql is installed; it is not
//   0031 unused_replication_slot             needs a replication slot; none exists
// Two ported INFO lints are not asserted on the migrated schema, only shown to fire:
//   0005 unused_index                        counts scans since the statistics were reset, so a
//                                            fresh database reports every index
//   0012 auth_allow_anonymous_sign_ins       matters only with anonymous sign-ins on (they are
//                                            off in supabase/config.toml); with them off every
//                                            policy for authenticated matches its pattern

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

type Level = 'ERROR' | 'WARN' | 'INFO';

interface Lint {
  id: string;
  name: string;
  level: Level;
  sql: string;
  /** What the lint must report in the scratch schema. */
  probe: string[];
  /**
   * What it may report on the migrated schema: nothing (the default), only objects outside the
   * exposed schemas, or anything (not asserted, reason in the header).
   */
  app?: 'none' | 'unexposed-only' | 'not-asserted';
}

const EXPOSED_SCHEMAS = ['public'];
const APP_SCHEMAS = ['public', 'private'];
const PROBE_SCHEMA = 'advisor_probe';

// The schemas splinter never reports: Postgres's own, and those of Supabase services and
// extensions.
const SYSTEM_SCHEMAS = `array[
  '_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal',
  'auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq',
  'pgroonga', 'pgsodium', 'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'pg_toast',
  'realtime', 'repack', 'storage', 'supabase_functions', 'supabase_migrations', 'tiger',
  'topology', 'vault',
  -- the embedded backend's own bookkeeping, which a hosted project does not have
  'local_dev'
]::text[]`;

/** The schema column is one the run reports on. */
function inScope(schema: string): string {
  return `(${schema} <> all (${SYSTEM_SCHEMAS}) and ($1::text[] is null or ${schema} = any ($1::text[])))`;
}

/** The schema column is one the Data API exposes. */
function exposed(schema: string): string {
  return `(${schema} = any ($2::text[]) and ${schema} <> all (${SYSTEM_SCHEMAS}))`;
}

/** The object is not part of an extension. */
function notFromExtension(oid: string): string {
  return `not exists (select 1 from pg_catalog.pg_depend ext
                      where ext.objid = ${oid} and ext.deptype = 'e')`;
}

function readableByApiRoles(oid: string): string {
  return `(pg_catalog.has_table_privilege('anon', ${oid}, 'select')
           or pg_catalog.has_table_privilege('authenticated', ${oid}, 'select'))`;
}

function securityInvoker(relation: string): string {
  return `(lower(coalesce(${relation}.reloptions::text, '{}'))::text[]
           && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes',
                    'security_invoker=on'])`;
}

/** Each policy with its table, schema, command and roles, as splinter's policy lints read them. */
const POLICIES = String.raw`
  select n.nspname as schema_name, c.relname as table_name, c.oid as table_oid,
         c.relkind, c.relrowsecurity as rls_on, p.polname as policy_name,
         p.polpermissive as permissive, p.polroles as role_oids,
         case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE'
                       when 'd' then 'DELETE' else 'ALL' end as command,
         pp.qual, pp.with_check, pp.roles
    from pg_catalog.pg_policy p
    join pg_catalog.pg_class c on c.oid = p.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_policies pp
      on pp.schemaname = n.nspname and pp.tablename = c.relname and pp.policyname = p.polname`;

const FOR_API_ROLES = `(role_oids = array[0::oid] or exists (
  select 1 from unnest(role_oids) as r (oid) where r.oid::regrole::text in ('anon', 'authenticated')))`;

const LINTS: Lint[] = [
  {
    id: '0001',
    name: 'unindexed_foreign_keys: a foreign key without an index leading with its columns',
    level: 'INFO',
    sql: `
      select format('%s.%s: %s', n.nspname, t.relname, fk.conname) as finding
        from pg_catalog.pg_constraint fk
        join pg_catalog.pg_class t on t.oid = fk.conrelid
        join pg_catalog.pg_namespace n on n.oid = t.relnamespace
       where fk.contype = 'f'
         and ${inScope('n.nspname')}
         and ${notFromExtension('t.oid')}
         and not exists (
           select 1 from pg_catalog.pg_index i
            where i.indrelid = fk.conrelid and i.indisvalid
              and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(fk.conkey)]
                  = fk.conkey)`,
    probe: [
      `${PROBE_SCHEMA}.guarded: guarded_owner_email_fkey`,
      `${PROBE_SCHEMA}.guarded: guarded_reviewer_id_fkey`,
    ],
  },
  {
    id: '0002',
    name: 'auth_users_exposed: an exposed view or materialized view over auth.users',
    level: 'ERROR',
    sql: `
      select distinct format('%s.%s', n.nspname, v.relname) as finding
        from pg_catalog.pg_depend d
        join pg_catalog.pg_rewrite r on r.oid = d.objid
        join pg_catalog.pg_class v on v.oid = r.ev_class
        join pg_catalog.pg_namespace n on n.oid = v.relnamespace
       where d.refobjid = 'auth.users'::regclass
         and d.deptype = 'n'
         and ${readableByApiRoles('v.oid')}
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}
         and (
           v.relkind = 'm'
           or (v.relkind = 'v' and not ${securityInvoker('v')})
           or (v.relkind = 'v' and ${securityInvoker('v')}
               and not (select u.relrowsecurity from pg_catalog.pg_class u
                         where u.oid = 'auth.users'::regclass))
         )`,
    probe: [`${PROBE_SCHEMA}.staff_emails`],
  },
  {
    // splinter fires when an expression calls auth.<fn>() and nowhere contains the text
    // "select auth.<fn>()". Here every call must be wrapped that way (the count of calls may not
    // exceed the count of wrapped calls), so one unwrapped call beside a wrapped one is found too,
    // and current_setting() is held to the same rule.
    id: '0003',
    name: 'auth_rls_initplan: auth.<fn>() or current_setting() in a policy not wrapped in (select ...)',
    level: 'WARN',
    sql: String.raw`
      select distinct format('%s.%s: %s', policy.schema_name, policy.table_name, policy.policy_name) as finding
        from (${POLICIES}) as policy
        cross join lateral (values (lower(policy.qual)), (lower(policy.with_check))) as e (expression)
        cross join lateral (values ('auth\.uid\(\)'), ('auth\.jwt\(\)'), ('auth\.role\(\)'),
                                   ('auth\.email\(\)'), ('current_setting\(')) as f (call)
       where policy.rls_on
         and ${inScope('policy.schema_name')}
         and e.expression is not null
         and regexp_count(e.expression, f.call) > regexp_count(e.expression, 'select ' || f.call)`,
    probe: [
      `${PROBE_SCHEMA}.guarded: anonymous or owner reads`,
      `${PROBE_SCHEMA}.guarded: email owners insert`,
      `${PROBE_SCHEMA}.guarded: metadata admins read`,
      `${PROBE_SCHEMA}.guarded: owners or a setting delete`,
      `${PROBE_SCHEMA}.guarded: owners update`,
    ],
  },
  {
    id: '0004',
    name: 'no_primary_key: a table without a primary key',
    level: 'INFO',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r'
         and ${inScope('n.nspname')}
         and ${notFromExtension('c.oid')}
         and not exists (select 1 from pg_catalog.pg_index i
                          where i.indrelid = c.oid and i.indisprimary)`,
    probe: [`${PROBE_SCHEMA}.keyless`],
  },
  {
    id: '0005',
    name: 'unused_index: a non-unique index never scanned',
    level: 'INFO',
    sql: `
      select format('%s.%s: %s', s.schemaname, s.relname, s.indexrelname) as finding
        from pg_catalog.pg_stat_user_indexes s
        join pg_catalog.pg_index i on i.indexrelid = s.indexrelid
       where s.idx_scan = 0
         and not i.indisunique
         and not i.indisprimary
         and ${inScope('s.schemaname')}
         and ${notFromExtension('s.relid')}`,
    probe: [
      `${PROBE_SCHEMA}.guarded: guarded_owner_id_idx`,
      `${PROBE_SCHEMA}.keyless: keyless_note_idx`,
      `${PROBE_SCHEMA}.keyless: keyless_note_twin_idx`,
      `${PROBE_SCHEMA}.keyless: keyless_score_idx`,
    ],
    app: 'not-asserted',
  },
  {
    id: '0006',
    name: 'multiple_permissive_policies: two permissive policies for one role and command',
    level: 'WARN',
    sql: `
      select format('%s.%s: %s %s', n.nspname, c.relname, r.rolname, command.name) as finding
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
        cross join lateral unnest(case p.polcmd
            when 'r' then array['SELECT'] when 'a' then array['INSERT']
            when 'w' then array['UPDATE'] when 'd' then array['DELETE']
            else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as command (name)
       where c.relkind = 'r'
         and p.polpermissive
         and ${inScope('n.nspname')}
         and ${notFromExtension('c.oid')}
         and r.rolname not like 'pg_%'
         and r.rolname not like 'supabase%admin'
         and not r.rolbypassrls
       group by n.nspname, c.relname, r.rolname, command.name
      having count(*) > 1`,
    probe: [`${PROBE_SCHEMA}.guarded: authenticated SELECT`],
  },
  {
    id: '0007',
    name: 'policy_exists_rls_disabled: policies on a table whose RLS is off',
    level: 'ERROR',
    sql: `
      select distinct format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r'
         and not c.relrowsecurity
         and ${inScope('n.nspname')}`,
    probe: [`${PROBE_SCHEMA}.policy_without_rls`],
  },
  {
    // Tables in private are deny-all on purpose (only security definer code reads them), so the
    // migrated schema may have findings there, never in an exposed schema.
    id: '0008',
    name: 'rls_enabled_no_policy: RLS on and no policy, so the API sees nothing',
    level: 'INFO',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r'
         and c.relrowsecurity
         and ${inScope('n.nspname')}
         and ${notFromExtension('c.oid')}
         and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`,
    probe: [`${PROBE_SCHEMA}.keyless`],
    app: 'unexposed-only',
  },
  {
    id: '0009',
    name: 'duplicate_index: two indexes with the same definition',
    level: 'WARN',
    sql: `
      select format('%s.%s: %s', n.nspname, c.relname,
                    string_agg(ix.indexname, ', ' order by ix.indexname)) as finding
        from pg_catalog.pg_indexes ix
        join pg_catalog.pg_namespace n on n.nspname = ix.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = ix.tablename
       where c.relkind in ('r', 'm')
         and ${inScope('n.nspname')}
         and ${notFromExtension('c.oid')}
       group by n.nspname, c.relname, c.relkind, replace(ix.indexdef, ix.indexname, '')
      having count(*) > 1`,
    probe: [`${PROBE_SCHEMA}.keyless: keyless_note_idx, keyless_note_twin_idx`],
  },
  {
    id: '0010',
    name: 'security_definer_view: an exposed view that runs with its owner’s rights',
    level: 'ERROR',
    sql: `
      select format('%s.%s', n.nspname, v.relname) as finding
        from pg_catalog.pg_class v
        join pg_catalog.pg_namespace n on n.oid = v.relnamespace
       where v.relkind = 'v'
         and ${readableByApiRoles('v.oid')}
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}
         and ${notFromExtension('v.oid')}
         and not ${securityInvoker('v')}`,
    probe: [`${PROBE_SCHEMA}.staff_emails`],
  },
  {
    // splinter accepts only an empty search_path; any other fixed value is still reported.
    id: '0011',
    name: 'function_search_path_mutable: a function whose search_path is not set to empty',
    level: 'WARN',
    sql: `
      select format('%s.%s(%s)', n.nspname, p.proname,
                    pg_catalog.pg_get_function_identity_arguments(p.oid)) as finding
        from pg_catalog.pg_proc p
        join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where ${inScope('n.nspname')}
         and ${notFromExtension('p.oid')}
         and not coalesce(p.proconfig, '{}') && array['search_path=""']`,
    probe: [`${PROBE_SCHEMA}.mutable_path()`, `${PROBE_SCHEMA}.public_path()`],
  },
  {
    id: '0012',
    name: 'auth_allow_anonymous_sign_ins: policies for authenticated that do not check is_anonymous',
    level: 'INFO',
    sql: String.raw`
      with recursive members (oid) as (
        select m.member from pg_catalog.pg_auth_members m
         where m.roleid = 'authenticated'::regrole
        union
        select m.member from pg_catalog.pg_auth_members m join members on m.roleid = members.oid
      )
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_policies p
        join pg_catalog.pg_namespace n on n.nspname = p.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
       where ${inScope('n.nspname')}
         and (p.roles = array['public'::name] or p.roles = array['authenticated'::name]
              or exists (select 1 from members join pg_catalog.pg_roles r on r.oid = members.oid
                          where r.rolname = any (p.roles)))
         and replace(p.qual, ' ', '') !~ 'auth\.jwt\(\)->>''is_anonymous''::text'
       group by n.nspname, c.relname`,
    probe: [`${PROBE_SCHEMA}.guarded`],
    app: 'not-asserted',
  },
  {
    id: '0013',
    name: 'rls_disabled_in_public: a table in an exposed schema without RLS',
    level: 'ERROR',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r'
         and not c.relrowsecurity
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}`,
    probe: [
      `${PROBE_SCHEMA}.open_table`,
      `${PROBE_SCHEMA}.policy_without_rls`,
      `${PROBE_SCHEMA}.secrets`,
    ],
  },
  {
    id: '0014',
    name: 'extension_in_public: an extension installed in an exposed schema',
    level: 'WARN',
    sql: `
      select format('%s: %s', e.extnamespace::regnamespace::text, e.extname) as finding
        from pg_catalog.pg_extension e
       where e.extname <> 'plpgsql'
         and ${exposed('e.extnamespace::regnamespace::text')}
         and ($1::text[] is null or e.extnamespace::regnamespace::text = any ($1::text[]))`,
    probe: [`${PROBE_SCHEMA}: pgcrypto`],
  },
  {
    id: '0015',
    name: 'rls_references_user_metadata: a policy reads user-editable metadata from the JWT',
    level: 'ERROR',
    sql: `
      select format('%s.%s: %s', policy.schema_name, policy.table_name, policy.policy_name) as finding
        from (${POLICIES}) as policy
       where ${inScope('policy.schema_name')}
         and (policy.qual like '%auth.jwt()%user_metadata%'
              or policy.qual like '%current_setting(%request.jwt.claims%)%user_metadata%'
              or policy.with_check like '%auth.jwt()%user_metadata%'
              or policy.with_check like '%current_setting(%request.jwt.claims%)%user_metadata%')`,
    probe: [`${PROBE_SCHEMA}.guarded: metadata admins read`],
  },
  {
    id: '0016',
    name: 'materialized_view_in_api: an exposed materialized view (no RLS on those)',
    level: 'WARN',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'm'
         and ${readableByApiRoles('c.oid')}
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}
         and ${notFromExtension('c.oid')}`,
    probe: [`${PROBE_SCHEMA}.guarded_totals`],
  },
  {
    id: '0017',
    name: 'foreign_table_in_api: an exposed foreign table (RLS does not apply)',
    level: 'WARN',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'f'
         and ${readableByApiRoles('c.oid')}
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}
         and ${notFromExtension('c.oid')}`,
    probe: [`${PROBE_SCHEMA}.elsewhere`],
  },
  {
    id: '0018',
    name: 'unsupported_reg_types: a column of a reg* type that blocks pg_upgrade',
    level: 'WARN',
    sql: `
      select format('%s.%s: %s %s', n.nspname, c.relname, a.attname, t.typname) as finding
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
       where tn.nspname = 'pg_catalog'
         and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace',
                           'regoper', 'regoperator', 'regproc', 'regprocedure')
         and ${inScope('n.nspname')}`,
    probe: [`${PROBE_SCHEMA}.keyless: handler regproc`],
  },
  {
    id: '0021',
    name: 'fkey_to_auth_unique: a foreign key to a unique (not primary) key in the auth schema',
    level: 'ERROR',
    sql: `
      select format('%s.%s: %s', n.nspname, t.relname, fk.conname) as finding
        from pg_catalog.pg_constraint fk
        join pg_catalog.pg_class t on t.oid = fk.conrelid
        join pg_catalog.pg_namespace n on n.oid = t.relnamespace
        join pg_catalog.pg_class target on target.oid = fk.confrelid
        join pg_catalog.pg_namespace tn on tn.oid = target.relnamespace
        join pg_catalog.pg_index i on i.indexrelid = fk.conindid
       where fk.contype = 'f'
         and tn.nspname = 'auth'
         and i.indisunique
         and not i.indisprimary
         and ($1::text[] is null or n.nspname = any ($1::text[]))`,
    probe: [`${PROBE_SCHEMA}.guarded: guarded_owner_email_fkey`],
  },
  {
    // No test server has an extension older than its default version, so
    // this one is run on the migrated database only.
    id: '0022',
    name: 'extension_versions_outdated: an installed extension older than the default version',
    level: 'WARN',
    sql: `
      select format('%s %s < %s', e.name, e.installed_version, e.default_version) as finding
        from pg_catalog.pg_available_extensions e
       where e.installed_version is not null
         and e.default_version is not null
         and e.installed_version <> e.default_version
         and exists (select 1 from pg_catalog.pg_available_extension_versions v
                      where v.name = e.name and v.installed)
`,
    probe: [],
  },
  {
    id: '0023',
    name: 'sensitive_columns_exposed: an exposed table without RLS with a credential or PII column',
    level: 'ERROR',
    sql: `
      select format('%s.%s: %s', n.nspname, c.relname, string_agg(a.attname, ', ' order by a.attname)) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where c.relkind = 'r'
         and not c.relrowsecurity
         and ${readableByApiRoles('c.oid')}
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}
         and replace(lower(a.attname), '-', '_') = any (array[
           'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key', 'private_key',
           'api_key', 'apikey', 'auth_key', 'token', 'jwt', 'access_token', 'refresh_token',
           'oauth_token', 'session_token', 'bearer_token', 'auth_code', 'session_id',
           'session_key', 'session_secret', 'recovery_code', 'backup_code', 'verification_code',
           'otp', 'two_factor', '2fa_secret', '2fa_code', 'ssn', 'social_security',
           'social_security_number', 'driver_license', 'drivers_license', 'license_number',
           'passport_number', 'passport_id', 'national_id', 'tax_id', 'credit_card',
           'card_number', 'cvv', 'cvc', 'cvn', 'bank_account', 'account_number',
           'routing_number', 'iban', 'swift_code', 'bic', 'health_record', 'medical_record',
           'patient_id', 'insurance_number', 'health_insurance', 'medical_insurance',
           'treatment', 'mac_address', 'macaddr', 'imei', 'device_uuid', 'pgp_key', 'gpg_key',
           'ssh_key', 'certificate', 'license_key', 'activation_key', 'facial_recognition'])
       group by n.nspname, c.relname`,
    probe: [`${PROBE_SCHEMA}.secrets: api_key, password`],
  },
  {
    // A missing WITH CHECK on a permissive INSERT, UPDATE or ALL policy counts as always true.
    id: '0024',
    name: 'rls_policy_always_true: a permissive write policy for API roles that is always true',
    level: 'WARN',
    sql: String.raw`
      select format('%s.%s: %s', policy.schema_name, policy.table_name, policy.policy_name) as finding
        from (
          select *,
                 replace(replace(replace(lower(coalesce(qual, '')), ' ', ''), E'\n', ''), E'\t', '') as bare_qual,
                 replace(replace(replace(lower(coalesce(with_check, '')), ' ', ''), E'\n', ''), E'\t', '') as bare_check
            from (${POLICIES}) as listed
           where relkind = 'r'
        ) as policy
       where policy.rls_on
         and policy.permissive
         and ${inScope('policy.schema_name')}
         and ${FOR_API_ROLES}
         and (
           (policy.command in ('UPDATE', 'DELETE', 'ALL')
            and (policy.bare_qual in ('true', '(true)', '1=1', '(1=1)') or policy.qual is null))
           or policy.bare_check in ('true', '(true)', '1=1', '(1=1)')
           or (policy.with_check is null and policy.command in ('INSERT', 'UPDATE', 'ALL'))
         )`,
    probe: [`${PROBE_SCHEMA}.guarded: anyone inserts`, `${PROBE_SCHEMA}.guarded: anyone updates`],
  },
  {
    id: '0028',
    name: 'anon_security_definer_function_executable: anon may run an exposed security definer function',
    level: 'WARN',
    sql: `
      select format('%s.%s(%s)', n.nspname, p.proname,
                    pg_catalog.pg_get_function_identity_arguments(p.oid)) as finding
        from pg_catalog.pg_proc p
        join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef
         and pg_catalog.has_function_privilege('anon', p.oid, 'execute')
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}`,
    probe: [`${PROBE_SCHEMA}.definer_for_everyone()`],
  },
  {
    id: '0029',
    name: 'authenticated_security_definer_function_executable: any account may run an exposed security definer function',
    level: 'WARN',
    sql: `
      select format('%s.%s(%s)', n.nspname, p.proname,
                    pg_catalog.pg_get_function_identity_arguments(p.oid)) as finding
        from pg_catalog.pg_proc p
        join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef
         and pg_catalog.has_function_privilege('authenticated', p.oid, 'execute')
         and ${exposed('n.nspname')}
         and ${inScope('n.nspname')}`,
    probe: [`${PROBE_SCHEMA}.definer_for_accounts()`, `${PROBE_SCHEMA}.definer_for_everyone()`],
  },
  {
    id: '0030',
    name: 'invalid_index: an index left invalid by a failed concurrent build',
    level: 'WARN',
    sql: `
      select format('%s.%s: %s', n.nspname, t.relname, ic.relname) as finding
        from pg_catalog.pg_index i
        join pg_catalog.pg_class ic on ic.oid = i.indexrelid
        join pg_catalog.pg_class t on t.oid = i.indrelid
        join pg_catalog.pg_namespace n on n.oid = t.relnamespace
       where not i.indisvalid
         and ${inScope('n.nspname')}
         and ${notFromExtension('ic.oid')}`,
    probe: [`${PROBE_SCHEMA}.keyless: keyless_score_idx`],
  },
  {
    // The USING clause is reduced to its top-level connectives: first every nullable auth check
    // ("auth.uid() IS NULL", "NOT (auth.uid() IS NOT NULL)", also for jwt(), role() and
    // current_setting(name, true)) becomes a marker, other auth calls lose their parentheses,
    // then balanced parenthesised groups are removed. A top-level OR with the marker as one of
    // its terms admits every row to a session where that function is null.
    id: '0030',
    name: 'rls_policy_null_auth_disjunct: a read policy that is true whenever auth.uid() is null',
    level: 'WARN',
    sql: String.raw`
      with read_policies as (
        select policy.*,
               lower(replace(replace(replace(coalesce(policy.qual, ''), ' ', ''), E'\n', ''), E'\t', '')) as bare
          from (${POLICIES}) as policy
         where policy.relkind = 'r'
           and policy.rls_on
           and policy.permissive
           and policy.command in ('SELECT', 'ALL')
           and ${inScope('policy.schema_name')}
           and ${FOR_API_ROLES}
      ),
      marked as (
        select *,
               regexp_replace(regexp_replace(regexp_replace(regexp_replace(
                 bare,
                 'not\((auth\.(uid|jwt|role)\(\)|current_setting\([^)]*,true\))isnotnull\)', 'xnullchkx', 'g'),
                 '(auth\.(uid|jwt|role)\(\)|current_setting\([^)]*,true\))isnull', 'xnullchkx', 'g'),
                 'current_setting\([^)]*\)', 'fff', 'g'),
                 'auth\.(uid|jwt|role)\(\)', 'fff', 'g') as sentinel
          from read_policies
      ),
      stripped as (
        -- without the one pair of parentheses Postgres puts around the whole expression
        select *, regexp_replace(regexp_replace(sentinel, '^\(', ''), '\)$', '') as stripped
          from marked
      ),
      reduced as (
        select *,
               regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
                 stripped,
                 '\([^()]*\)', '', 'g'), '\([^()]*\)', '', 'g'), '\([^()]*\)', '', 'g'),
                 '\([^()]*\)', '', 'g'), '\([^()]*\)', '', 'g'), '\([^()]*\)', '', 'g') as core
          from stripped
      )
      select format('%s.%s: %s', schema_name, table_name, policy_name) as finding
        from reduced
       where core ~ 'or' and core !~ 'and'
         and stripped ~ '(^|or)\(xnullchkx\)($|or)'`,
    probe: [`${PROBE_SCHEMA}.guarded: anonymous or owner reads`],
  },
  {
    id: '0030',
    name: 'autovacuum_disabled: a table with autovacuum switched off',
    level: 'INFO',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as finding
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r'
         and 'autovacuum_enabled=false' = any (c.reloptions)
         and ${inScope('n.nspname')}`,
    probe: [`${PROBE_SCHEMA}.open_table`],
  },
];

/** One or more bad objects per lint, in a schema of their own. */
const PROBE_SETUP = `
  create schema ${PROBE_SCHEMA};
  grant usage on schema ${PROBE_SCHEMA} to anon, authenticated;

  create table ${PROBE_SCHEMA}.open_table (id int primary key) with (autovacuum_enabled = false);

  create table ${PROBE_SCHEMA}.policy_without_rls (id int primary key);
  alter table ${PROBE_SCHEMA}.policy_without_rls enable row level security;
  create policy "reads" on ${PROBE_SCHEMA}.policy_without_rls for select to anon using (id > 0);
  alter table ${PROBE_SCHEMA}.policy_without_rls disable row level security;

  create table ${PROBE_SCHEMA}.keyless (note text, score int, handler regproc);
  alter table ${PROBE_SCHEMA}.keyless enable row level security;
  create index keyless_note_idx on ${PROBE_SCHEMA}.keyless (note);
  create index keyless_note_twin_idx on ${PROBE_SCHEMA}.keyless (note);
  create index keyless_score_idx on ${PROBE_SCHEMA}.keyless (score);
  update pg_catalog.pg_index set indisvalid = false
   where indexrelid = '${PROBE_SCHEMA}.keyless_score_idx'::regclass;

  create table ${PROBE_SCHEMA}.secrets (id int primary key, password text, api_key text);
  grant select on ${PROBE_SCHEMA}.secrets to anon;

  create table ${PROBE_SCHEMA}.guarded (
    id int primary key,
    owner_id uuid references auth.users (id),
    reviewer_id uuid references auth.users (id),
    owner_email text,
    constraint guarded_owner_email_fkey foreign key (owner_email) references auth.advisor_probe_staff_keys (email)
  );
  create index guarded_owner_id_idx on ${PROBE_SCHEMA}.guarded (owner_id);
  alter table ${PROBE_SCHEMA}.guarded enable row level security;
  create policy "anyone inserts" on ${PROBE_SCHEMA}.guarded for insert to anon with check (true);
  create policy "anyone updates" on ${PROBE_SCHEMA}.guarded for update to anon using (id > 0);
  create policy "email owners insert" on ${PROBE_SCHEMA}.guarded for insert to authenticated
    with check (lower(owner_email) = lower((select auth.jwt() ->> 'email')));
  create policy "metadata admins read" on ${PROBE_SCHEMA}.guarded for select to authenticated
    using ((select auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
  create policy "anonymous or owner reads" on ${PROBE_SCHEMA}.guarded for select to authenticated
    using (auth.uid() is null or owner_id = auth.uid());
  create policy "owners update" on ${PROBE_SCHEMA}.guarded for update to authenticated
    using (owner_id = auth.uid()) with check (owner_id = (select auth.uid()));
  create policy "owners or a setting delete" on ${PROBE_SCHEMA}.guarded for delete to authenticated
    using (owner_id = (select auth.uid()) or current_setting('app.bypass', true) = 'on');

  create view ${PROBE_SCHEMA}.staff_emails as select id, email from auth.users;
  grant select on ${PROBE_SCHEMA}.staff_emails to anon;

  create materialized view ${PROBE_SCHEMA}.guarded_totals as
    select count(*) as total from ${PROBE_SCHEMA}.guarded;
  grant select on ${PROBE_SCHEMA}.guarded_totals to authenticated;

  create foreign data wrapper advisor_probe_wrapper;
  create server advisor_probe_server foreign data wrapper advisor_probe_wrapper;
  create foreign table ${PROBE_SCHEMA}.elsewhere (id int) server advisor_probe_server;
  grant select on ${PROBE_SCHEMA}.elsewhere to anon;

  alter extension pgcrypto set schema ${PROBE_SCHEMA};

  create function ${PROBE_SCHEMA}.mutable_path() returns int language sql as 'select 1';
  create function ${PROBE_SCHEMA}.public_path() returns int
    language sql set search_path = public as 'select 1';
  create function ${PROBE_SCHEMA}.definer_for_everyone() returns int
    language sql security definer set search_path = '' as 'select 1';
  create function ${PROBE_SCHEMA}.definer_for_accounts() returns int
    language sql security definer set search_path = '' as 'select 1';
  revoke execute on function ${PROBE_SCHEMA}.definer_for_accounts() from public;
  grant execute on function ${PROBE_SCHEMA}.definer_for_accounts() to authenticated;
`;

// A unique key in the auth schema for the 0021 probe to point at; it lives outside the probe
// schema, so it is created first and dropped on its own.
const AUTH_KEY_SETUP = `
  create table auth.advisor_probe_staff_keys (id int primary key, email text unique)`;

let backend: TestBackend;

async function findings(lint: Lint, schemas: string[] | null, exposedSchemas: string[]) {
  // Every query sees both parameters typed, whether or not it uses them.
  const rows = await backend.sql<{ finding: string }>(
    `select lint.finding from (${lint.sql}) as lint,
            (select $1::text[] as reported, $2::text[] as exposed) as params`,
    [schemas, exposedSchemas],
  );
  return rows.map((row) => row.finding).sort();
}

async function dropProbe(): Promise<void> {
  // pgcrypto goes back where the backend installed it before its scratch schema is dropped.
  await backend.sql(
    `do $$ begin
       if exists (select 1 from pg_catalog.pg_extension
                   where extname = 'pgcrypto'
                     and extnamespace = '${PROBE_SCHEMA}'::regnamespace) then
         alter extension pgcrypto set schema extensions;
       end if;
     exception when invalid_schema_name then null;
     end $$`,
  );
  await backend.sql(`drop schema if exists ${PROBE_SCHEMA} cascade`);
  await backend.sql(`drop server if exists advisor_probe_server cascade`);
  await backend.sql(`drop foreign data wrapper if exists advisor_probe_wrapper cascade`);
  await backend.sql(`drop table if exists auth.advisor_probe_staff_keys`);
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await dropProbe().catch(() => {});
  await backend?.stop();
});

describe('database linter: the migrated schema has no ERROR or WARN finding', () => {
  it.each(LINTS)('$id ($level) $name', async (lint) => {
    const found = await findings(lint, null, EXPOSED_SCHEMAS);
    if (lint.app === 'not-asserted') {
      expect(Array.isArray(found)).toBe(true);
    } else if (lint.app === 'unexposed-only') {
      expect(found.filter((finding) => EXPOSED_SCHEMAS.includes(finding.split('.')[0]!))).toEqual(
        [],
      );
    } else {
      expect(found).toEqual([]);
    }
  });

  it('only INFO lints are left unasserted or allowed findings', () => {
    const relaxed = LINTS.filter((lint) => lint.app && lint.app !== 'none');
    expect(relaxed.map((lint) => lint.level)).toEqual(relaxed.map(() => 'INFO'));
  });

  it('the app schemas hold tables, policies and functions, so the lints had something to inspect', async () => {
    const rows = await backend.sql<{ tables: number; policies: number; functions: number }>(
      `select
         (select count(*)::int from pg_catalog.pg_tables where schemaname = 'public') as tables,
         (select count(*)::int from pg_catalog.pg_policies where schemaname = 'public') as policies,
         (select count(*)::int from pg_catalog.pg_proc p
            join pg_catalog.pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'private') as functions`,
    );
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

describe('database linter: each ported lint finds a deliberately bad object', () => {
  beforeAll(async () => {
    await dropProbe();
    await backend.sql(AUTH_KEY_SETUP);
    for (const statement of PROBE_SETUP.split(/;\s*$/m)
      .map((part) => part.trim())
      .filter(Boolean)) {
      await backend.sql(statement);
    }
  });

  afterAll(async () => {
    await dropProbe();
  });

  it.each(LINTS.filter((lint) => lint.id !== '0022'))('$id $name', async (lint) => {
    expect(await findings(lint, [PROBE_SCHEMA], [PROBE_SCHEMA])).toEqual([...lint.probe].sort());
  });
});

describe('database linter: the lints not ported have nothing to inspect here', () => {
  it.each([
    ['0019 (pgmq)', `select extname as found from pg_catalog.pg_extension where extname = 'pgmq'`],
    [
      '0026/0027 (pg_graphql)',
      `select extname as found from pg_catalog.pg_extension where extname = 'pg_graphql'`,
    ],
    [
      '0025 (storage buckets)',
      `select relname as found from pg_catalog.pg_class
        where relname = 'buckets' and relnamespace::regnamespace::text = 'storage'`,
    ],
    ['0031 (replication slots)', `select slot_name as found from pg_catalog.pg_replication_slots`],
  ])('%s: none', async (_name, sql) => {
    expect(await backend.sql(sql)).toEqual([]);
  });
});
