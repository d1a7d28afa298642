import { useEffect, useState } from 'react';

import { getEnquiry } from '@/features/admin/enquiry-workflow';
import type { Submission } from '@/features/admin/list-submissions';
import { reportLoadError } from '@/features/admin/use-submissions';
import type { AppSupabaseClient } from '@/lib/supabase';

export type EnquiryState =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'loaded'; enquiry: Submission };

type Loaded = { id: string; state: EnquiryState };

/**
 * The enquiry a dialog shows, by id: the row already on screen when there is one, else fetched
 * (a deep link may name an enquiry on another page, or one that no longer exists).
 */
export function useEnquiry(
  client: AppSupabaseClient,
  id: string | null,
  initial: Submission | undefined,
): [EnquiryState, (enquiry: Submission) => void] {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (id === null || initial?.id === id) return;
    let active = true;
    getEnquiry(client, id).then(
      (enquiry) => {
        if (active)
          setLoaded({ id, state: enquiry ? { kind: 'loaded', enquiry } : { kind: 'missing' } });
      },
      (error: unknown) => {
        if (!active) return;
        reportLoadError(error);
        setLoaded({ id, state: { kind: 'failed' } });
      },
    );
    return () => {
      active = false;
    };
    // initial only matters when the id changes: a refreshed row must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, id]);

  const update = (enquiry: Submission) =>
    setLoaded({ id: enquiry.id, state: { kind: 'loaded', enquiry } });

  if (id === null) return [{ kind: 'closed' }, update];
  if (loaded?.id === id) return [loaded.state, update];
  if (initial?.id === id) return [{ kind: 'loaded', enquiry: initial }, update];
  return [{ kind: 'loading' }, update];
}
