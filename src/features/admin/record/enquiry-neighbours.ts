import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import type { ListView } from '@/features/admin/list/list-params';
import { enquiriesQuery, type EnquiriesState } from '@/features/admin/list/list-queries';
import { enquiryQuery } from '@/features/admin/shared/admin-queries';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** Where Previous or Next leads: an enquiry of the rows in view, or an end of another page. */
export type NeighbourStep = { id: string } | { page: number; end: 'first' | 'last' };

/** One page of a list: its number (from 0), its size and how many the whole list holds. */
export type Paging = { page: number; pageSize: number; total: number };

export type Neighbours = {
  /** Its place in the whole list from 1, or null when the enquiry is not in the rows. */
  position: number | null;
  total: number;
  previous: NeighbourStep | null;
  next: NeighbourStep | null;
};

/**
 * The enquiries before and after `id` in `ids` (the rows in view, in the list's order). With
 * `paging`, the first row's previous is the last row of the page before and the last row's next
 * the first of the page after; at the list's ends there is none. An enquiry not in the rows (a
 * link to one on another page) has neither.
 */
export function neighboursOf(ids: readonly string[], id: string, paging?: Paging): Neighbours {
  const { page, pageSize, total } = paging ?? { page: 0, pageSize: ids.length, total: ids.length };
  const index = ids.indexOf(id);
  if (index === -1) return { position: null, total, previous: null, next: null };
  const previousId = ids[index - 1];
  const nextId = ids[index + 1];
  const morePages = (page + 1) * pageSize < total;
  return {
    position: page * pageSize + index + 1,
    total,
    previous: previousId ? { id: previousId } : page > 0 ? { page: page - 1, end: 'last' } : null,
    next: nextId
      ? { id: nextId }
      : morePages && index === ids.length - 1
        ? { page: page + 1, end: 'first' }
        : null,
  };
}

/**
 * The rows last seen with `id` among them, so Next still follows the list's order after the
 * enquiry on screen has left it (a reply takes it off Needs a reply, spam off the list): the
 * neighbours are then those it had.
 */
function useOrderWith<T extends { ids: readonly string[] }>(id: string | null, current: T): T {
  const [kept, setKept] = useState<{ key: string; order: T } | null>(null);
  const key = `${id}:${current.ids.join(',')}`;
  const holds = id !== null && current.ids.includes(id);
  if (holds && kept?.key !== key) setKept({ key, order: current });
  return holds || !id || !kept?.order.ids.includes(id) ? current : kept.order;
}

/** What the record's Previous and Next buttons do; null where there is nowhere to go. */
export type NeighbourActions = {
  position: number | null;
  total: number;
  previous: (() => void) | null;
  next: (() => void) | null;
};

/**
 * Previous and Next through the dashboard's list as it stands: its filters, order and page. At
 * the end of a page they fetch the next page (started early, so it is usually in), open its
 * first enquiry and turn the list to that page.
 */
export function useListNeighbours({
  enquiryId,
  view,
  pageSize,
  state,
  onOpen,
  onPage,
}: {
  enquiryId: string | null;
  view: ListView;
  pageSize: number;
  state: EnquiriesState;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}): NeighbourActions {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [turning, setTurning] = useState(false);
  // Rows kept from the page before while the next one loads belong to another page number.
  const rows = state.loading ? [] : (state.data?.rows ?? []);
  const order = useOrderWith(enquiryId, {
    ids: rows.map((row) => row.id),
    page: view.page,
    total: state.data?.total ?? 0,
  });
  const neighbours = neighboursOf(order.ids, enquiryId ?? '', { ...order, pageSize });
  const { filters, sort } = view;
  const pageQuery = (page: number) => enquiriesQuery(client, filters, sort, page, pageSize);

  const otherPages = [neighbours.previous, neighbours.next].flatMap((step) =>
    step && 'page' in step ? [step.page] : [],
  );
  const prefetchKey = otherPages.join(',');
  useEffect(() => {
    for (const page of otherPages) void queryClient.prefetchQuery(pageQuery(page));
    // The pages are named by prefetchKey; the query's options follow the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefetchKey, queryClient, client, filters, sort, pageSize]);

  const go = (step: NeighbourStep | null) => {
    if (!step || turning) return null;
    if ('id' in step) return () => onOpen(step.id);
    return () => {
      setTurning(true);
      queryClient
        .fetchQuery(pageQuery(step.page))
        .then(({ rows: pageRows }) => {
          const target = step.end === 'first' ? pageRows[0] : pageRows.at(-1);
          if (!target) return;
          onOpen(target.id);
          onPage(step.page);
        })
        .catch((error: unknown) => console.warn('[neighbours] page not loaded:', error))
        .finally(() => setTurning(false));
    };
  };
  return {
    position: neighbours.position,
    total: neighbours.total,
    previous: go(neighbours.previous),
    next: go(neighbours.next),
  };
}

/**
 * Previous and Next through rows all on screen (Needs a reply), in their order. The enquiries
 * either side are fetched ahead, so the next record shows at once.
 */
export function useRowNeighbours({
  enquiryId,
  ids,
  onOpen,
}: {
  enquiryId: string | null;
  ids: readonly string[];
  onOpen: (id: string) => void;
}): NeighbourActions {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const order = useOrderWith(enquiryId, { ids });
  const neighbours = neighboursOf(order.ids, enquiryId ?? '');
  const either = [neighbours.previous, neighbours.next].flatMap((step) =>
    step && 'id' in step ? [step.id] : [],
  );
  const eitherKey = either.join(',');
  useEffect(() => {
    for (const id of either) void queryClient.prefetchQuery(enquiryQuery(client, id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eitherKey, queryClient, client]);
  const go = (step: NeighbourStep | null) => (step && 'id' in step ? () => onOpen(step.id) : null);
  return {
    position: neighbours.position,
    total: neighbours.total,
    previous: go(neighbours.previous),
    next: go(neighbours.next),
  };
}
