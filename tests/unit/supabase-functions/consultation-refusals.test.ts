// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CONSULTATION_REFUSALS } from '@shared/consultation-wire';
import { describe, expect, it } from 'vitest';

import { problemMessages } from '@/features/consultation/consultation-messages';

/**
 * The refusal codes have one list (supabase/functions/_shared/consultation-wire.ts): the browser
 * names a message for each, the consultation function passes on only those, and the database
 * raises them as an error's hint. This test holds the list to the SQL: a code the browser
 * handles but the database never raises is dead code that hides a drift, and a code the
 * database raises but the browser does not know reaches the visitor as "Something went wrong".
 */
const schemas = fileURLToPath(new URL('../../../supabase/schemas', import.meta.url));

function raisedHints(): string[] {
  const hints = new Set<string>();
  for (const file of readdirSync(schemas).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(join(schemas, file), 'utf8');
    for (const match of sql.matchAll(/\bhint\s*=\s*'(consultation_[a-z_]+)'/g)) {
      hints.add(match[1]!);
    }
  }
  return [...hints].sort();
}

describe('the consultation refusal codes', () => {
  const raised = raisedHints();

  it('finds the hints the SQL raises', () => {
    expect(raised).toContain('consultation_slot_taken');
  });

  it('are exactly the ones the SQL raises, no more and no fewer', () => {
    expect([...CONSULTATION_REFUSALS].sort()).toEqual(raised);
  });

  it('each have the one message the browser shows, and nothing else has one', () => {
    expect(Object.keys(problemMessages).sort()).toEqual(
      [...CONSULTATION_REFUSALS, 'failed'].sort(),
    );
  });

  it('tell a time never offered apart from one just taken', () => {
    expect(raised).toContain('consultation_slot_not_offered');
    expect(problemMessages.consultation_slot_not_offered.title).not.toBe(
      problemMessages.consultation_slot_taken.title,
    );
  });
});
