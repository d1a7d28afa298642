import { describe, expect, it } from 'vitest';

import { readListView, writeListView } from '@/features/admin/list-params';
import { noFilters } from '@/features/admin/list-submissions';

const read = (query: string) => readListView(new URLSearchParams(query));

describe('the enquiry list in the address', () => {
  it('reads search, status, interest, timeline, held and a page counted from 1', () => {
    expect(read('q=acme&status=spam&interest=ai-ml&timeline=immediate&held=1&page=3')).toEqual({
      filters: {
        search: 'acme',
        status: 'spam',
        interest: 'ai-ml',
        timeline: 'immediate',
        held: true,
      },
      page: 2,
    });
  });

  it('is the unfiltered first page with no parameters', () => {
    expect(read('')).toEqual({ filters: noFilters, page: 0 });
  });

  it('ignores values the list does not know instead of failing', () => {
    expect(read('status=closed&interest=knitting&timeline=soon&held=yes&page=-2')).toEqual({
      filters: noFilters,
      page: 0,
    });
    expect(read('page=2.5').page).toBe(0);
    expect(read(`q=${'x'.repeat(500)}`).filters.search).toHaveLength(100);
  });

  it('writes only what differs from the default and keeps ?enquiry= and ?poll=', () => {
    const params = writeListView(new URLSearchParams('enquiry=abc&poll=500&status=won&page=4'), {
      filters: { ...noFilters, search: 'data & co', held: true },
      page: 1,
    });
    expect(Object.fromEntries(params)).toEqual({
      enquiry: 'abc',
      poll: '500',
      q: 'data & co',
      held: '1',
      page: '2',
    });
    expect(readListView(params)).toEqual({
      filters: { ...noFilters, search: 'data & co', held: true },
      page: 1,
    });
  });
});
