import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { runBulkAction } from '@/features/admin/bulk/bulk-enquiry-action';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { invalidateEnquiries, patchCachedEnquiry } from '@/features/admin/shared/admin-queries';
import { heldExplanation } from '@/features/admin/shared/held-badge';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiry: Enquiry };

/**
 * In the enquiry dialog of a held enquiry: what the hold meant, and a button that releases it
 * (the database's release action; it sends no mail, so staff reply in person).
 */
export function HeldNotice({ enquiry }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [releasing, setReleasing] = useState(false);

  async function release() {
    setReleasing(true);
    try {
      await runBulkAction(client, [enquiry.id], 'release');
      notify({
        title: 'Hold released',
        description: 'No acknowledgement is sent now: reply to the visitor in person.',
        variant: 'success',
      });
      // Only the hold changes here: the rest of the record stays what the cache (and the
      // database, on the reload) holds, never this component's copy of it.
      patchCachedEnquiry(queryClient, enquiry.id, { held_at: null });
      void invalidateEnquiries(queryClient);
    } catch (error) {
      notify({ title: 'Not changed', description: rpcErrorMessage(error), variant: 'destructive' });
    } finally {
      setReleasing(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-violet-200 bg-violet-50 p-4 text-sm text-violet-950">
      <p className="min-w-0 grow basis-64">
        <strong>Held.</strong> {heldExplanation}
      </p>
      <button
        type="button"
        onClick={() => void release()}
        disabled={releasing}
        className={buttonClass({ variant: 'outline', size: 'sm' })}
      >
        {releasing ? 'Releasing…' : 'Release hold'}
      </button>
    </div>
  );
}
