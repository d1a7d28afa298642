import { useEffect, useState } from 'react';

import { notify } from '@/components/ui/toast/notify';
import {
  listSubmissions,
  SubmissionsQueryError,
  type SubmissionFilters,
  type SubmissionPage,
} from '@/features/admin/list-submissions';
import type { AppSupabaseClient } from '@/lib/supabase';

export const adminMessages = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load contact submissions.',
  unexpected: 'An unexpected error occurred.',
} as const;

/** Logs and toasts a failed load (query error or anything else, each its own message). */
export function reportLoadError(error: unknown): void {
  if (error instanceof SubmissionsQueryError) {
    console.error('Error fetching contact submissions:', error.postgrestError);
    notify({
      title: adminMessages.errorTitle,
      description: adminMessages.loadFailed,
      variant: 'destructive',
    });
  } else {
    console.error('Unexpected error loading contact submissions:', error);
    notify({
      title: adminMessages.errorTitle,
      description: adminMessages.unexpected,
      variant: 'destructive',
    });
  }
}

export type SubmissionsState = {
  /** The latest page loaded (kept on screen while the next one loads); null before the first. */
  data: SubmissionPage | null;
  loading: boolean;
  failed: boolean;
};

/**
 * One page of enquiries for the filters, reloaded whenever they or the page change. A new
 * `refreshKey` reloads the same page in the background: the rows on screen stay, not dimmed.
 */
export function useSubmissions(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  page: number,
  pageSize: number,
  refreshKey = 0,
): SubmissionsState {
  const key = JSON.stringify([filters, page, pageSize]);
  const [result, setResult] = useState<{ key: string; data: SubmissionPage | null } | null>(null);
  const [lastGood, setLastGood] = useState<SubmissionPage | null>(null);

  useEffect(() => {
    let active = true;
    const requestKey = JSON.stringify([filters, page, pageSize]);
    listSubmissions(client, filters, page, pageSize).then(
      (data) => {
        if (!active) return;
        setResult({ key: requestKey, data });
        setLastGood(data);
      },
      (error: unknown) => {
        if (!active) return;
        reportLoadError(error);
        setResult({ key: requestKey, data: null });
      },
    );
    return () => {
      active = false;
    };
  }, [client, filters, page, pageSize, refreshKey]);

  const current = result?.key === key;
  return {
    data: current ? result.data : lastGood,
    loading: !current,
    failed: current && result.data === null,
  };
}
