// The enquiry form's option lists and the admin workflow's status list are the values the
// database's CHECK constraints allow, read from a migrated backend with pg_get_constraintdef, so a
// value added or removed on either side fails here (order included: the form and the status
// filter show them in this order, and the migrations list them the same way).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInterestValues, timelineValues } from '@/content/contact-options';
import { ENQUIRY_STATUSES } from '@/features/admin/shared/enquiry-status';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

/**
 * The allowed values of a `column in ('a', 'b')` check, as Postgres stores it:
 * `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))`. Any other shape is refused, so a check
 * rewritten into something this cannot read fails loudly instead of comparing nothing.
 */
function allowedValues(definition: string, column: string): string[] {
  const quoted = /^[a-z_][a-z0-9_]*$/.test(column) ? column : `"${column}"`;
  const pattern = new RegExp(
    `^CHECK \\(\\(?${quoted.replace(/"/g, '\\"')}\\)? = ANY \\(\\(?ARRAY\\[(.*)\\]\\)?(?:::text\\[\\])?\\)\\)$`,
  );
  const match = pattern.exec(definition);
  if (!match?.[1]) throw new Error(`not a "${column} in (...)" check: ${definition}`);
  const values = [...match[1].matchAll(/'((?:[^']|'')*)'::(?:text|character varying)/g)].map(
    (literal) => (literal[1] ?? '').replace(/''/g, "'"),
  );
  if (values.length === 0) throw new Error(`no values in ${definition}`);
  return values;
}

describe('form and workflow option lists equal the database CHECK constraints', () => {
  let backend: TestBackend;
  let definitions: Map<string, string>;

  beforeAll(async () => {
    backend = await startTestBackend();
    const rows = await backend.sql<{ name: string; definition: string }>(
      `select c.conname as name, pg_catalog.pg_get_constraintdef(c.oid) as definition
         from pg_catalog.pg_constraint c
        where c.conrelid = 'public.contact_submissions'::regclass and c.contype = 'c'`,
    );
    definitions = new Map(rows.map((row) => [row.name, row.definition]));
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
  });

  function checkValues(constraint: string, column: string): string[] {
    const definition = definitions.get(constraint);
    if (!definition) throw new Error(`contact_submissions has no check named ${constraint}`);
    return allowedValues(definition, column);
  }

  it('service interest values equal contact_submissions_interest_valid', () => {
    expect([...serviceInterestValues]).toEqual(
      checkValues('contact_submissions_interest_valid', 'Interest'),
    );
  });

  it('timeline values equal contact_submissions_timeline_valid', () => {
    expect([...timelineValues]).toEqual(
      checkValues('contact_submissions_timeline_valid', 'Timeline'),
    );
  });

  it('workflow statuses equal contact_submissions_status_valid', () => {
    expect([...ENQUIRY_STATUSES]).toEqual(
      checkValues('contact_submissions_status_valid', 'status'),
    );
  });

  it('reads a value list and refuses a check of another shape', () => {
    expect(
      allowedValues(`CHECK ((status = ANY (ARRAY['new'::text, 'it''s'::text])))`, 'status'),
    ).toEqual(['new', "it's"]);
    expect(() => allowedValues(`CHECK ((length(status) < 10))`, 'status')).toThrow(
      /not a "status in/,
    );
    expect(() => allowedValues(`CHECK ((other = ANY (ARRAY['a'::text])))`, 'status')).toThrow();
  });
});
