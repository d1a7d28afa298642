import { describe, expect, it } from 'vitest';

import {
  buildSearchFilter,
  escapeLikePattern,
  MAX_SEARCH_LENGTH,
  quoteFilterValue,
} from '@/features/admin/submission-search';

describe('search filter escaping', () => {
  it('searches name, e-mail, company and message with a quoted ilike pattern', () => {
    expect(buildSearchFilter('acme')).toBe(
      'Name.ilike."*acme*",Email.ilike."*acme*",Company.ilike."*acme*",Message.ilike."*acme*"',
    );
  });

  it('sends nothing for an empty or blank search', () => {
    expect(buildSearchFilter('')).toBeNull();
    expect(buildSearchFilter('   ')).toBeNull();
  });

  it('escapes LIKE wildcards so % and _ match literally', () => {
    expect(escapeLikePattern('50%_off')).toBe('50\\%\\_off');
    expect(escapeLikePattern('back\\slash')).toBe('back\\\\slash');
  });

  it('turns * (PostgREST wildcard, no escape exists) into a one-character wildcard', () => {
    expect(escapeLikePattern('a*b')).toBe('a_b');
  });

  it('keeps commas, dots, parentheses and colons inside the quoted value', () => {
    const filter = buildSearchFilter('Smith, J. (Ltd):x');
    expect(filter?.split(',Email.')[0]).toBe('Name.ilike."*Smith, J. (Ltd):x*"');
  });

  it('escapes double quotes and backslashes in the quoted value', () => {
    expect(quoteFilterValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(buildSearchFilter('"),or(id.neq.0')?.startsWith('Name.ilike."*\\"),or(id.neq.0*"')).toBe(
      true,
    );
  });

  it('cuts very long input', () => {
    const filter = buildSearchFilter('x'.repeat(500)) ?? '';
    expect(filter.split(',')[0]).toBe(`Name.ilike."*${'x'.repeat(MAX_SEARCH_LENGTH)}*"`);
  });
});
