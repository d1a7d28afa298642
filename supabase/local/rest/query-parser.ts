import { RestError, queryParamError, unsupported } from './rest-error.ts';

/** PostgREST's query-string grammar for the subset the local backend serves. */

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'in'
  | 'is'
  | 'isdistinct';

export type Filter =
  | {
      kind: 'condition';
      column: string;
      negate: boolean;
      operator: Operator;
      value: string | string[];
    }
  | { kind: 'group'; negate: boolean; join: 'and' | 'or'; items: Filter[] };

export interface SelectItem {
  /** `*` or a column name. */
  column: string;
  alias: string | null;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  columns: string[] | null;
  /** `on_conflict=a,b` for an upsert. */
  onConflict: string[] | null;
  /** Arguments of a `GET /rpc/fn?arg=value` call: parameters whose value is no filter. */
  args: Map<string, string>;
}

const operators = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
]);
const knownButUnsupported = new Set([
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'all',
  'any',
]);
const reserved = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const logicKeys = /^(not\.)?(and|or)$/;

/**
 * Every parameter is read as PostgREST reads it: the reserved ones, else a filter. A read of a
 * function (`GET /rpc/fn`) takes a parameter whose value is no operator expression as an argument,
 * as PostgREST does; anywhere else such a value is a filter syntax error (PGRST100).
 */
export function parseQuery(params: URLSearchParams, { rpcRead = false } = {}): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ column: '*', alias: null }],
    filters: [],
    order: [],
    limit: null,
    offset: null,
    columns: null,
    onConflict: null,
    args: new Map(),
  };
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'order') query.order.push(...parseOrder(value));
    else if (key === 'limit') query.limit = parseCount('limit', value);
    else if (key === 'offset') query.offset = parseCount('offset', value);
    else if (key === 'columns') query.columns = parseColumnList(value);
    else if (key === 'on_conflict') query.onConflict = parseColumnList(value);
    else if (logicKeys.test(key)) query.filters.push(parseLogicTree(key, value));
    else if (key.includes('.')) throw unsupported(`Filtering embedded resources ('${key}')`);
    else if (!rpcRead) query.filters.push(parseCondition(unquote(key), value));
    else {
      const filter = parseRpcReadParam(key, value);
      if (filter) query.filters.push(filter);
      else if (query.args.has(key)) throw unsupported(`Repeating the rpc argument '${key}'`);
      else query.args.set(key, value);
    }
  }
  return query;
}

/** A filter, or null when the value is no operator expression (then it is an argument). */
function parseRpcReadParam(key: string, value: string): Filter | null {
  try {
    return parseCondition(unquote(key), value);
  } catch (error) {
    if (error instanceof RestError && error.message.startsWith('"failed to parse filter'))
      return null;
    throw error;
  }
}

export function isReservedParam(key: string): boolean {
  return reserved.has(key);
}

/** Splits on commas outside double quotes and parentheses. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + (text[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    if (!quoted && depth === 0 && char === ',') {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

function parseSelect(text: string): SelectItem[] {
  if (text.trim() === '') return [{ column: '*', alias: null }];
  return splitTopLevel(text).map((raw) => {
    const item = raw.trim();
    if (item === '')
      throw queryParamError(
        `"failed to parse select parameter (${text})" (line 1, column 1)`,
        'unexpected empty column',
      );
    if (item.includes('(') || item.startsWith('...'))
      throw unsupported(`Embedded resources and aggregates in select ('${item}')`);
    if (item.includes('->')) throw unsupported(`JSON paths in select ('${item}')`);
    if (item.includes('::')) throw unsupported(`Casts in select ('${item}')`);
    const colon = item.indexOf(':');
    const alias = colon >= 0 ? unquote(item.slice(0, colon)) : null;
    const column = unquote(colon >= 0 ? item.slice(colon + 1) : item);
    if (column === '*' && alias !== null) {
      throw queryParamError(
        `"failed to parse select parameter (${text})" (line 1, column 1)`,
        'an alias cannot be given to *',
      );
    }
    return { column, alias };
  });
}

function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((raw) => {
    const parts = raw.trim().split('.');
    const column = unquote(parts[0] ?? '');
    const term: OrderTerm = { column, direction: null, nulls: null };
    for (const modifier of parts.slice(1)) {
      if (
        (modifier === 'asc' || modifier === 'desc') &&
        term.direction === null &&
        term.nulls === null
      )
        term.direction = modifier;
      else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && term.nulls === null)
        term.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else
        throw queryParamError(
          `"failed to parse order (${text})" (line 1, column ${raw.indexOf(modifier) + 1})`,
          `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    if (column === '' || column.includes('->') || column.includes('(')) {
      throw queryParamError(
        `"failed to parse order (${text})" (line 1, column 1)`,
        'expecting a column name',
      );
    }
    return term;
  });
}

function parseCount(name: 'limit' | 'offset', value: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw queryParamError(
      `"failed to parse ${name} parameter (${value})" (line 1, column 1)`,
      `unexpected "${value.slice(0, 1)}" expecting digit`,
    );
  }
  return Number(value);
}

function parseColumnList(value: string): string[] {
  return splitTopLevel(value).map((column) => unquote(column.trim()));
}

function filterSyntaxError(raw: string): Error {
  return queryParamError(
    `"failed to parse filter (${raw})" (line 1, column 1)`,
    `unexpected "${raw.slice(0, 1)}" expecting "not" or operator (eq, gt, ...)`,
  );
}

/** `not.in.(1,2)` for `column` → a condition; values may be double-quoted inside logic trees. */
function parseCondition(column: string, raw: string, quotedValues = false): Filter {
  if (column === '' || column.includes('->')) {
    throw column === ''
      ? filterSyntaxError(raw)
      : unsupported(`JSON paths in filters ('${column}')`);
  }
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const token = dot >= 0 ? rest.slice(0, dot) : rest;
  const value = dot >= 0 ? rest.slice(dot + 1) : '';
  if (dot < 0 || !operators.has(token)) {
    const base = token.replace(/\(.*$/, '');
    if (knownButUnsupported.has(base) || (operators.has(base) && token !== base))
      throw unsupported(`The '${token}' filter operator`);
    throw filterSyntaxError(raw);
  }
  const operator = token as Operator;
  if (operator === 'in')
    return { kind: 'condition', column, negate, operator, value: parseInList(raw, value) };
  if (operator === 'is') {
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase()))
      throw filterSyntaxError(raw);
    return { kind: 'condition', column, negate, operator, value: value.toLowerCase() };
  }
  return {
    kind: 'condition',
    column,
    negate,
    operator,
    value: quotedValues ? unquote(value) : value,
  };
}

function parseInList(raw: string, value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) throw filterSyntaxError(raw);
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`, also `and=`, `not.or=`, `not.and=`. */
function parseLogicTree(key: string, value: string): Filter {
  const negate = key.startsWith('not.');
  const join = key.endsWith('or') ? 'or' : 'and';
  return parseGroup(join, negate, value, `${key}=${value}`);
}

function parseGroup(join: 'and' | 'or', negate: boolean, text: string, context: string): Filter {
  if (!text.startsWith('(') || !text.endsWith(')') || text.length < 3) {
    throw queryParamError(
      `"failed to parse logic tree (${text})" (line 1, column 1)`,
      `unexpected "${text.slice(0, 1)}" expecting "("`,
    );
  }
  const items = splitTopLevel(text.slice(1, -1)).map((item): Filter => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested)
      return parseGroup(
        nested[2] === 'or' ? 'or' : 'and',
        Boolean(nested[1]),
        nested[3] ?? '',
        context,
      );
    const dot = item.indexOf('.');
    if (dot <= 0)
      throw queryParamError(
        `"failed to parse logic tree (${text})" (line 1, column 1)`,
        `unexpected "${item}" expecting a filter`,
      );
    return parseCondition(unquote(item.slice(0, dot)), item.slice(dot + 1), true);
  });
  return { kind: 'group', negate, join, items };
}
