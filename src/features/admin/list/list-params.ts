import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

import { serviceInterestValues, timelineValues } from '@/content/contact-options';
import {
  defaultDirection,
  defaultSort,
  MAX_SEARCH_LENGTH,
  SORT_KEYS,
  type AssigneeFilter,
  type EnquiryFilters,
  type ListSort,
} from '@/features/admin/list/list-enquiries';
import { isEnquiryStatus } from '@/features/admin/shared/enquiry-status';
import { useSearchParamsWriter } from '@/lib/use-search-params-writer';

/** What the enquiry list shows: its filters, its order and the page (from 0). */
export type ListView = { filters: EnquiryFilters; sort: ListSort; page: number };

const oneOf = (values: readonly string[], value: string | null) =>
  value !== null && values.includes(value) ? value : '';

const STAFF_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `assignee=me`, `none` or a staff member's id; anything else is no assignee filter. */
function readAssignee(value: string | null): AssigneeFilter {
  if (value === 'me' || value === 'none') return value;
  return value !== null && STAFF_ID.test(value) ? value.toLowerCase() : '';
}

function readSort(params: URLSearchParams): ListSort {
  const named = params.get('sort');
  const key = SORT_KEYS.find((candidate) => candidate === named) ?? defaultSort.key;
  const dir = params.get('dir');
  return { key, direction: dir === 'asc' || dir === 'desc' ? dir : defaultDirection(key) };
}

/**
 * The list's view from the address: `q`, `status`, `interest`, `timeline`, `held=1`, `unread=1`,
 * `assignee` (`me`, `none` or a staff id), `sort` and `dir` (each sort key has its own default direction) and `page` (from 1). A value the
 * list does not know is ignored rather than refused, so an old or hand-edited link still opens
 * the dashboard.
 */
export function readListView(params: URLSearchParams): ListView {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    filters: {
      search: (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
      status: isEnquiryStatus(status) ? status : '',
      interest: oneOf(serviceInterestValues, params.get('interest')),
      timeline: oneOf(timelineValues, params.get('timeline')),
      held: params.get('held') === '1',
      unread: params.get('unread') === '1',
      assignee: readAssignee(params.get('assignee')),
    },
    sort: readSort(params),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** `params` with the list's view written in (defaults left out); other parameters kept. */
export function writeListView(params: URLSearchParams, { filters, sort, page }: ListView) {
  const next = new URLSearchParams(params);
  const { key } = sort;
  const values: [string, string][] = [
    ['q', filters.search],
    ['status', filters.status],
    ['interest', filters.interest],
    ['timeline', filters.timeline],
    ['held', filters.held ? '1' : ''],
    ['unread', filters.unread ? '1' : ''],
    ['assignee', filters.assignee ?? ''],
    ['sort', key === defaultSort.key ? '' : key],
    ['dir', sort.direction === defaultDirection(key) ? '' : sort.direction],
    ['page', page > 0 ? String(page + 1) : ''],
  ];
  for (const [name, value] of values) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * The list's view kept in the address, so reload, Back and a shared link show the same list.
 * The screen follows a change at once (a controlled checkbox or select must not wait for the
 * router); the address follows it, and a change of the address from outside (Back, a link) is
 * taken over. Each change replaces the history entry: typing a search or turning a page is not a
 * visit.
 */
export function useListView(): [ListView, (view: ListView) => void] {
  const [params] = useSearchParams();
  const writeParams = useSearchParamsWriter();
  const fromAddress = readListView(params);
  const addressKey = writeListView(new URLSearchParams(), fromAddress).toString();
  const [shown, setShown] = useState({ addressKey, view: fromAddress });
  if (shown.addressKey !== addressKey) setShown({ addressKey, view: fromAddress });
  const setView = useCallback(
    (view: ListView) => {
      setShown((current) => ({ ...current, view }));
      writeParams((current) => writeListView(current, view), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [writeParams],
  );
  return [shown.addressKey === addressKey ? shown.view : fromAddress, setView];
}
