// src/lib/database.types.ts is kept by hand; the migrations are the schema's only source. This test
// reads the exposed schema (public) of a migrated backend from the catalog and the types file with
// the TypeScript compiler API, renders both into the same normalised shape and compares them, so a
// table, column, foreign key between exposed tables, function argument, return type or enum value
// added, removed or changed on either side fails with its name.
//
// Columns of a function's `returns table (...)` carry no nullability in the catalog, so for them
// only the base type is compared (`string | null` and `string` both match text).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

const TYPES_FILE = fileURLToPath(new URL('../../src/lib/database.types.ts', import.meta.url));
const SCHEMA = 'public';

/** One entry per fact, e.g. `tables.audit_log.Row.action` -> `string`. */
type Shape = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// The catalog side
// ---------------------------------------------------------------------------------------------

interface ColumnRow {
  relation: string;
  kind: string;
  column: string;
  type_name: string;
  type_category: string;
  element_name: string | null;
  element_category: string | null;
  not_null: boolean;
  has_default: boolean;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_categories: string[];
  /** The element type of an array argument, '' otherwise. */
  arg_elements: string[];
  arg_modes: string[] | null;
  default_count: number;
  returns_set: boolean;
  return_name: string;
  return_category: string;
  return_element: string | null;
  return_element_category: string | null;
}

const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'citext',
  'inet',
  'cidr',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
]);
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function tsTypeOf(
  name: string,
  category: string,
  element: string | null,
  elementCategory: string | null,
): string {
  if (category === 'A' && element)
    return `${tsTypeOf(element, elementCategory ?? '', null, null)}[]`;
  if (category === 'E') return `enum:${name}`;
  if (STRING_TYPES.has(name)) return 'string';
  if (NUMBER_TYPES.has(name)) return 'number';
  if (name === 'bool') return 'boolean';
  if (name === 'json' || name === 'jsonb') return 'Json';
  if (name === 'void') return 'undefined';
  return `unknown:${name}`;
}

async function catalogShape(backend: TestBackend): Promise<Shape> {
  const shape: Shape = {};

  const columns = await backend.sql<ColumnRow>(
    `select c.relname as relation, c.relkind::text as kind, a.attname as column,
            t.typname as type_name, t.typcategory::text as type_category,
            et.typname as element_name, et.typcategory::text as element_category,
            a.attnotnull as not_null,
            (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_catalog.pg_type t on t.oid = a.atttypid
       left join pg_catalog.pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
      order by 1, 3`,
    [SCHEMA],
  );
  for (const col of columns) {
    const group = col.kind === 'v' || col.kind === 'm' ? 'views' : 'tables';
    const base = tsTypeOf(col.type_name, col.type_category, col.element_name, col.element_category);
    // Views report every column as nullable, as the generator does.
    const nullable = group === 'views' || !col.not_null;
    const rowType = nullable ? `${base} | null` : base;
    const prefix = `${group}.${col.relation}`;
    shape[`${prefix}.Row.${col.column}`] = rowType;
    if (group === 'tables') {
      const optional = nullable || col.has_default ? '?' : '';
      shape[`${prefix}.Insert.${col.column}${optional}`] = rowType;
      shape[`${prefix}.Update.${col.column}?`] = rowType;
    }
  }

  // Foreign keys between exposed tables become `Relationships` (PostgREST embeds along them).
  const foreignKeys = await backend.sql<{
    name: string;
    relation: string;
    columns: string[];
    referenced: string;
    referenced_columns: string[];
  }>(
    `select c.conname::text as name, cl.relname::text as relation,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                  join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n
                  order by k.i) as columns,
            rc.relname::text as referenced,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                  join pg_catalog.pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n
                  order by k.i) as referenced_columns
       from pg_catalog.pg_constraint c
       join pg_catalog.pg_class cl on cl.oid = c.conrelid
       join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
       join pg_catalog.pg_class rc on rc.oid = c.confrelid
       join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
      where c.contype = 'f' and n.nspname = $1 and rn.nspname = $1`,
    [SCHEMA],
  );
  for (const fk of foreignKeys) {
    shape[`tables.${fk.relation}.Relationships.${fk.name}`] =
      `(${fk.columns.join(', ')}) -> ${fk.referenced} (${fk.referenced_columns.join(', ')})`;
  }

  const functions = await backend.sql<FunctionRow>(
    `select p.proname as name, p.proargnames::text[] as arg_names,
            array(select tt.typname::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                  with ordinality u(oid, i) join pg_catalog.pg_type tt on tt.oid = u.oid order by u.i)
              as arg_types,
            array(select tt.typcategory::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                  with ordinality u(oid, i) join pg_catalog.pg_type tt on tt.oid = u.oid order by u.i)
              as arg_categories,
            array(select coalesce(et.typname::text, '') from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                  with ordinality u(oid, i) join pg_catalog.pg_type tt on tt.oid = u.oid
                  left join pg_catalog.pg_type et on et.oid = tt.typelem and tt.typcategory = 'A'
                  order by u.i)
              as arg_elements,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults as default_count,
            p.proretset as returns_set, rt.typname as return_name,
            rt.typcategory::text as return_category,
            ret.typname as return_element, ret.typcategory::text as return_element_category
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
       left join pg_catalog.pg_type ret on ret.oid = rt.typelem and rt.typcategory = 'A'
      where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
        and not exists (
          select 1 from pg_catalog.pg_depend d
           where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
    [SCHEMA],
  );
  const seen = new Set<string>();
  for (const fn of functions) {
    // Overloads share one name in the types file; say so rather than merge their arguments.
    if (seen.has(fn.name)) shape[`functions.${fn.name}.overloaded`] = 'more than one signature';
    seen.add(fn.name);
    const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
    const inputs: { name: string; type: string }[] = [];
    const outputs: { name: string; type: string }[] = [];
    modes.forEach((mode, i) => {
      const name = fn.arg_names?.[i] ?? `$${i + 1}`;
      const element = fn.arg_elements[i] || null;
      const type = tsTypeOf(fn.arg_types[i] ?? '', fn.arg_categories[i] ?? '', element, null);
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type });
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
    });
    const prefix = `functions.${fn.name}`;
    if (inputs.length === 0) shape[`${prefix}.Args`] = 'never';
    const firstDefault = inputs.length - Number(fn.default_count);
    inputs.forEach((arg, i) => {
      shape[`${prefix}.Args.${arg.name}${i >= firstDefault ? '?' : ''}`] = arg.type;
    });
    if (outputs.length > 0) {
      for (const out of outputs)
        shape[`${prefix}.Returns${fn.returns_set ? '[]' : ''}.${out.name}`] = out.type;
    } else {
      const type = tsTypeOf(
        fn.return_name,
        fn.return_category,
        fn.return_element,
        fn.return_element_category,
      );
      shape[`${prefix}.Returns`] = fn.returns_set ? `${type}[]` : type;
    }
  }

  const enums = await backend.sql<{ name: string; value: string }>(
    `select t.typname as name, e.enumlabel as value
       from pg_catalog.pg_type t
       join pg_catalog.pg_namespace n on n.oid = t.typnamespace
       join pg_catalog.pg_enum e on e.enumtypid = t.oid
      where n.nspname = $1
      order by 1, e.enumsortorder`,
    [SCHEMA],
  );
  for (const { name, value } of enums) shape[`enums.${name}.${value}`] = 'value';

  return shape;
}

// ---------------------------------------------------------------------------------------------
// The TypeScript side
// ---------------------------------------------------------------------------------------------

function members(node: ts.TypeNode | undefined): Map<string, ts.PropertySignature> {
  const found = new Map<string, ts.PropertySignature>();
  if (!node || !ts.isTypeLiteralNode(node)) return found;
  for (const member of node.members) {
    if (ts.isPropertySignature(member) && member.name) {
      found.set(member.name.getText().replace(/^['"]|['"]$/g, ''), member);
    }
  }
  return found;
}

function isNever(node: ts.TypeNode | undefined): boolean {
  if (!node) return false;
  if (node.kind === ts.SyntaxKind.NeverKeyword) return true;
  // `{ [_ in never]: never }`: the generator's empty group.
  return ts.isMappedTypeNode(node);
}

/** The written type, normalised: enum references become `enum:<name>`, `null` goes last. */
function typeText(node: ts.TypeNode): string {
  if (ts.isUnionTypeNode(node)) {
    const parts = node.types.map(typeText);
    const rest = parts.filter((part) => part !== 'null');
    return rest.length < parts.length ? `${rest.join(' | ')} | null` : parts.join(' | ');
  }
  if (ts.isArrayTypeNode(node)) return `${typeText(node.elementType)}[]`;
  if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType)) {
    const text = node.getText();
    const match = /\['Enums'\]\['([^']+)'\]$/.exec(text.replace(/"/g, "'"));
    if (match) return `enum:${match[1]}`;
  }
  if (ts.isTypeLiteralNode(node)) return 'object';
  return node.getText().replace(/\s+/g, ' ');
}

function declaredShape(): Shape {
  const source = ts.createSourceFile(
    TYPES_FILE,
    readFileSync(TYPES_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const database = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!database) throw new Error('database.types.ts declares no `Database` type');
  const schema = members(database.type).get(SCHEMA)?.type;
  if (!schema) throw new Error(`database.types.ts has no \`${SCHEMA}\` schema in Database`);
  const groups = members(schema);
  const shape: Shape = {};

  for (const [group, key] of [
    ['tables', 'Tables'],
    ['views', 'Views'],
  ] as const) {
    for (const [relation, relationNode] of members(groups.get(key)?.type)) {
      const parts = members(relationNode.type);
      const kinds =
        group === 'tables' ? (['Row', 'Insert', 'Update'] as const) : (['Row'] as const);
      for (const kind of kinds) {
        const part = parts.get(kind);
        if (!part?.type) {
          shape[`${group}.${relation}.${kind}`] = 'missing';
          continue;
        }
        for (const [column, columnNode] of members(part.type)) {
          const optional = columnNode.questionToken ? '?' : '';
          shape[`${group}.${relation}.${kind}.${column}${optional}`] = columnNode.type
            ? typeText(columnNode.type)
            : 'any';
        }
      }
    }
  }

  for (const [relation, relationNode] of members(groups.get('Tables')?.type)) {
    const relationships = members(relationNode.type).get('Relationships')?.type;
    if (!relationships || !ts.isTupleTypeNode(relationships)) continue;
    for (const element of relationships.elements) {
      const fields = members(element);
      const text = (key: string) => fields.get(key)?.type?.getText().replace(/['"]/g, '') ?? '';
      const list = (key: string) => text(key).replace(/^\[|\]$/g, '');
      shape[`tables.${relation}.Relationships.${text('foreignKeyName')}`] =
        `(${list('columns')}) -> ${text('referencedRelation')} (${list('referencedColumns')})`;
    }
  }

  for (const [name, fnNode] of members(groups.get('Functions')?.type)) {
    const parts = members(fnNode.type);
    const prefix = `functions.${name}`;
    const args = parts.get('Args')?.type;
    if (isNever(args)) shape[`${prefix}.Args`] = 'never';
    for (const [arg, argNode] of members(args)) {
      shape[`${prefix}.Args.${arg}${argNode.questionToken ? '?' : ''}`] = argNode.type
        ? typeText(argNode.type)
        : 'any';
    }
    const returns = parts.get('Returns')?.type;
    if (!returns) {
      shape[`${prefix}.Returns`] = 'missing';
    } else if (ts.isArrayTypeNode(returns) && ts.isTypeLiteralNode(returns.elementType)) {
      for (const [out, outNode] of members(returns.elementType)) {
        // The catalog has no nullability for these, so only the base type is compared.
        shape[`${prefix}.Returns[].${out}`] = outNode.type
          ? typeText(outNode.type).replace(/ \| null$/, '')
          : 'any';
      }
    } else if (ts.isTypeLiteralNode(returns)) {
      for (const [out, outNode] of members(returns)) {
        shape[`${prefix}.Returns.${out}`] = outNode.type
          ? typeText(outNode.type).replace(/ \| null$/, '')
          : 'any';
      }
    } else {
      shape[`${prefix}.Returns`] = typeText(returns);
    }
  }

  for (const [name, enumNode] of members(groups.get('Enums')?.type)) {
    const node = enumNode.type;
    const literals = node && ts.isUnionTypeNode(node) ? node.types : node ? [node] : [];
    for (const literal of literals) {
      if (ts.isLiteralTypeNode(literal) && ts.isStringLiteral(literal.literal)) {
        shape[`enums.${name}.${literal.literal.text}`] = 'value';
      } else {
        shape[`enums.${name}.${literal.getText()}`] = 'not a string literal';
      }
    }
  }

  return shape;
}

/** Which facts differ, one line each, named by table/column or function/argument. */
function differences(database: Shape, declared: Shape): string[] {
  const keys = [...new Set([...Object.keys(database), ...Object.keys(declared)])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    const inDatabase = database[key];
    const inTypes = declared[key];
    if (inDatabase === inTypes) continue;
    if (inTypes === undefined)
      lines.push(`${key}: in the database (${inDatabase}), not in database.types.ts`);
    else if (inDatabase === undefined)
      lines.push(`${key}: in database.types.ts (${inTypes}), not in the database`);
    else lines.push(`${key}: database ${inDatabase}, database.types.ts ${inTypes}`);
  }
  return lines;
}

describe('database.types.ts matches the migrated public schema', () => {
  let backend: TestBackend;
  let database: Shape;
  let declared: Shape;

  beforeAll(async () => {
    backend = await startTestBackend();
    database = await catalogShape(backend);
    declared = declaredShape();
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
  });

  it('reads something from both sides', () => {
    expect(
      Object.keys(database).some((key) => key.startsWith('tables.contact_submissions.Row.')),
    ).toBe(true);
    expect(
      Object.keys(declared).some((key) => key.startsWith('tables.contact_submissions.Row.')),
    ).toBe(true);
    expect(Object.keys(database).some((key) => key.startsWith('functions.'))).toBe(true);
    expect(Object.keys(database).some((key) => key.startsWith('enums.app_role.'))).toBe(true);
    const relationship = 'tables.enquiry_notes.Relationships.enquiry_notes_submission_id_fkey';
    expect(database[relationship]).toBe('(submission_id) -> contact_submissions (id)');
    expect(declared[relationship]).toBe(database[relationship]);
  });

  it('declares every table, view, column, function and enum value exactly as the database has it', () => {
    expect(differences(database, declared)).toEqual([]);
  });

  it('names what drifted when one side changes', () => {
    const withoutColumn = { ...declared };
    delete withoutColumn['tables.contact_submissions.Row.status'];
    withoutColumn['functions.grant_admin_role.Args._email'] = 'number';
    withoutColumn['enums.app_role.owner'] = 'value';
    expect(differences(database, withoutColumn)).toEqual(
      expect.arrayContaining([
        'enums.app_role.owner: in database.types.ts (value), not in the database',
        'functions.grant_admin_role.Args._email: database string, database.types.ts number',
        'tables.contact_submissions.Row.status: in the database (string), not in database.types.ts',
      ]),
    );
  });
});
