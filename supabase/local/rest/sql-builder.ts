import type { Filter, OrderTerm, SelectItem } from './query-parser.ts';
import { quoteIdent, undefinedColumn } from './schema-cache.ts';
import type { TableInfo } from './schema-cache.ts';

/** Collects bound parameters; SQL text only ever holds `$n` placeholders and quoted identifiers. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const comparison: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
};

export function tableRef(table: TableInfo): string {
  return `"public".${quoteIdent(table.name)}`;
}

/** A column reference checked against the catalog (unknown → 42703, as Postgres would say). */
export function columnRef(
  table: TableInfo,
  column: string,
  qualifier = quoteIdent(table.name),
): string {
  if (!table.columns.includes(column)) throw undefinedColumn(table.name, column);
  return `${qualifier}.${quoteIdent(column)}`;
}

export function selectList(table: TableInfo, items: SelectItem[], qualifier?: string): string {
  const q = qualifier ?? quoteIdent(table.name);
  return items
    .map((item) => {
      if (item.column === '*') return `${q}.*`;
      const ref = columnRef(table, item.column, q);
      return item.alias ? `${ref} as ${quoteIdent(item.alias)}` : ref;
    })
    .join(', ');
}

function conditionSql(table: TableInfo, filter: Filter, params: Params): string {
  if (filter.kind === 'group') {
    const joined = filter.items
      .map((item) => conditionSql(table, item, params))
      .join(` ${filter.join} `);
    return filter.negate ? `not (${joined})` : `(${joined})`;
  }
  const ref = columnRef(table, filter.column);
  let sql: string;
  if (filter.operator === 'in') {
    const list = filter.value as string[];
    sql =
      list.length === 0
        ? 'false'
        : `${ref} in (${list.map((value) => params.add(value)).join(', ')})`;
  } else if (filter.operator === 'is') {
    const value = filter.value as string;
    sql = value === 'not_null' ? `${ref} is not null` : `${ref} is ${value}`;
  } else {
    const raw = filter.value as string;
    const value =
      filter.operator === 'like' || filter.operator === 'ilike' ? raw.replaceAll('*', '%') : raw;
    sql = `${ref} ${comparison[filter.operator]} ${params.add(value)}`;
  }
  return filter.negate ? `not (${sql})` : sql;
}

export function whereClause(table: TableInfo, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((filter) => conditionSql(table, filter, params)).join(' and ')}`;
}

export function orderClause(table: TableInfo, terms: OrderTerm[]): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    let sql = columnRef(table, term.column);
    if (term.direction) sql += ` ${term.direction}`;
    if (term.nulls) sql += ` nulls ${term.nulls}`;
    return sql;
  });
  return ` order by ${parts.join(', ')}`;
}
