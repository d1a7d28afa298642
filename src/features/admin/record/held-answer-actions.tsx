import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { invalidateEnquiries } from '@/features/admin/shared/admin-queries';
import { RpcError, rpcErrorMessage } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

export type HeldAnswerAction = 'attach' | 'discard';

/** Attaches a held answer to its enquiry or discards it (admins, aal2; audited). */
export async function reviewHeldAnswer(
  client: AppSupabaseClient,
  answerId: string,
  action: HeldAnswerAction,
): Promise<void> {
  const { error } = await client.rpc('review_enquiry_answer', {
    _answer_id: answerId,
    _action: action,
  });
  if (error) throw new RpcError(error.code, error.message);
}

const done: Record<HeldAnswerAction, { title: string; description: string }> = {
  attach: {
    title: 'Answer attached',
    description: 'It is on the record as their answer, and the enquiry is owed a reply.',
  },
  discard: { title: 'Answer discarded', description: 'It is deleted; the timeline says so.' },
};

/** The two decisions on an answer held for review, under its text in the timeline. */
export function HeldAnswerActions({ answerId }: { answerId: string }) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<HeldAnswerAction | null>(null);

  async function decide(action: HeldAnswerAction) {
    setBusy(action);
    try {
      await reviewHeldAnswer(client, answerId, action);
      notify({ ...done[action], variant: 'success' });
    } catch (error) {
      notify({ title: 'Not changed', description: rpcErrorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
      void invalidateEnquiries(queryClient);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button
        type="button"
        onClick={() => void decide('attach')}
        disabled={busy !== null}
        className={buttonClass({ variant: 'outline', size: 'sm' })}
      >
        {busy === 'attach' ? 'Attaching…' : 'Attach as their answer'}
      </button>
      <button
        type="button"
        onClick={() => void decide('discard')}
        disabled={busy !== null}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        {busy === 'discard' ? 'Discarding…' : 'Discard'}
      </button>
    </div>
  );
}
