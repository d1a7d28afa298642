import { describe, expect, it } from 'vitest';

import { readListView, writeListView } from '@/features/admin/list/list-params';
import { defaultSort, noFilters, type SortKey } from '@/features/admin/list/list-enquiries';

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
        unread: false,
        assignee: '',
      },
      sort: defaultSort,
      page: 2,
    });
  });

  it('reads the assignee as me, none or a staff id, and ignores anything else', () => {
    const staffId = '0b3c8a6e-5d2f-4e1a-9c7b-2f6d8e4a1b3c';
    expect(read('assignee=me').filters.assignee).toBe('me');
    expect(read('assignee=none').filters.assignee).toBe('none');
    expect(read(`assignee=${staffId}`).filters.assignee).toBe(staffId);
    expect(read(`assignee=${staffId.toUpperCase()}`).filters.assignee).toBe(staffId);
    for (const unknown of ['ME', 'nobody', 'ada@example.com', `${staffId}x`, '']) {
      expect(read(`assignee=${encodeURIComponent(unknown)}`).filters.assignee).toBe('');
    }
  });

  it('writes the assignee, and leaves it out for anyone', () => {
    const write = (assignee: string) =>
      writeListView(new URLSearchParams('assignee=none'), {
        filters: { ...noFilters, assignee },
        sort: defaultSort,
        page: 0,
      }).get('assignee');
    expect(write('me')).toBe('me');
    expect(write('')).toBeNull();
  });

  it('is the unfiltered first page with no parameters', () => {
    expect(read('')).toEqual({ filters: noFilters, sort: defaultSort, page: 0 });
  });

  it('ignores values the list does not know instead of failing', () => {
    expect(
      read(
        'status=closed&interest=knitting&timeline=soon&held=yes&unread=true&assignee=someone&sort=email&dir=up&page=-2',
      ),
    ).toEqual({
      filters: noFilters,
      sort: defaultSort,
      page: 0,
    });
    expect(read('page=2.5').page).toBe(0);
    expect(read(`q=${'x'.repeat(500)}`).filters.search).toHaveLength(100);
  });

  it('writes only what differs from the default and keeps ?enquiry= and ?poll=', () => {
    const params = writeListView(new URLSearchParams('enquiry=abc&poll=500&status=won&page=4'), {
      filters: { ...noFilters, search: 'data & co', held: true, unread: true },
      sort: { key: 'company', direction: 'desc' },
      page: 1,
    });
    expect(Object.fromEntries(params)).toEqual({
      enquiry: 'abc',
      poll: '500',
      q: 'data & co',
      held: '1',
      unread: '1',
      sort: 'company',
      dir: 'desc',
      page: '2',
    });
    expect(readListView(params)).toEqual({
      filters: { ...noFilters, search: 'data & co', held: true, unread: true },
      sort: { key: 'company', direction: 'desc' },
      page: 1,
    });
  });

  it('reads each sort key with its own default direction, and dir only when it is asc or desc', () => {
    expect(read('sort=received').sort).toEqual({ key: 'received', direction: 'desc' });
    expect(read('sort=last_contact').sort).toEqual({ key: 'last_contact', direction: 'desc' });
    expect(read('sort=name').sort).toEqual({ key: 'name', direction: 'asc' });
    expect(read('sort=company').sort).toEqual({ key: 'company', direction: 'asc' });
    expect(read('sort=status').sort).toEqual({ key: 'status', direction: 'asc' });
    expect(read('sort=name&dir=desc').sort).toEqual({ key: 'name', direction: 'desc' });
    expect(read('dir=asc').sort).toEqual({ key: 'received', direction: 'asc' });
    expect(read('sort=Name&dir=DESC').sort).toEqual({ key: 'received', direction: 'desc' });
  });

  it('leaves sort and dir out when they are the defaults, and keeps a direction that differs', () => {
    const write = (sort: { key: SortKey; direction: 'asc' | 'desc' }) =>
      Object.fromEntries(
        writeListView(new URLSearchParams(), { filters: noFilters, sort, page: 0 }),
      );
    expect(write(defaultSort)).toEqual({});
    expect(write({ key: 'name', direction: 'asc' })).toEqual({ sort: 'name' });
    expect(write({ key: 'last_contact', direction: 'desc' })).toEqual({ sort: 'last_contact' });
    expect(write({ key: 'received', direction: 'asc' })).toEqual({ dir: 'asc' });
    expect(write({ key: 'status', direction: 'desc' })).toEqual({ sort: 'status', dir: 'desc' });
  });
});
