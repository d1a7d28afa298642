/** The small database surface the local backend needs, implemented over node-postgres. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs SQL that may hold several statements and no parameters (migrations, platform.sql). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Like exec, but returns the rows of the last statement. */
  simpleQuery<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

/** The fields of a Postgres error that PostgREST and our tests care about. */
export interface PostgresError {
  code: string;
  message: string;
  detail: string | null;
  hint: string | null;
}

export function asPostgresError(error: unknown): PostgresError | null {
  if (typeof error !== 'object' || error === null) return null;
  const candidate = error as Record<string, unknown>;
  if (typeof candidate.code !== 'string' || !/^[0-9A-Z]{5}$/.test(candidate.code)) return null;
  return {
    code: candidate.code,
    message: typeof candidate.message === 'string' ? candidate.message : '',
    detail: typeof candidate.detail === 'string' ? candidate.detail : null,
    hint: typeof candidate.hint === 'string' ? candidate.hint : null,
  };
}
