import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog-shell';
import { notify } from '@/components/ui/toast/notify';
import {
  deleteConfirmation,
  describeBulkResult,
  runBulkAction,
  type BulkAction,
} from '@/features/admin/bulk-enquiry-action';
import type { Submission } from '@/features/admin/list-submissions';
import { rpcErrorMessage } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

type Props = {
  client: AppSupabaseClient;
  /** The selected enquiries on the page. */
  selected: readonly Submission[];
  onClear: () => void;
  /** After an action changed enquiries: the list reloads and the selection clears. */
  onDone: () => void;
};

const destructive = 'bg-red-700 hover:bg-red-800';

/**
 * What to do with the selected enquiries: mark them spam, release held ones, or delete them after
 * a confirmation. Each is one database call with one audit entry; the outcome is a toast.
 */
export function SubmissionsBulkActions({ client, selected, onClear, onDone }: Props) {
  const [running, setRunning] = useState<BulkAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = selected.length;
  const held = selected.filter((row) => row.held_at !== null).length;

  async function run(action: BulkAction) {
    setRunning(action);
    try {
      const result = await runBulkAction(
        client,
        selected.map((row) => row.id),
        action,
      );
      notify({ title: 'Done', description: describeBulkResult(result), variant: 'success' });
      onDone();
    } catch (error) {
      notify({ title: 'Not changed', description: rpcErrorMessage(error), variant: 'destructive' });
    } finally {
      setRunning(null);
      setConfirming(false);
    }
  }

  if (count === 0) return null;
  const { title, description } = deleteConfirmation(count);
  return (
    <div
      role="group"
      aria-label="Selected enquiries"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3"
    >
      <p className="mr-auto text-sm font-semibold text-ink">
        {count} selected{held > 0 ? `, ${held} held` : ''}
      </p>
      <button
        type="button"
        onClick={() => void run('spam')}
        disabled={running !== null}
        className={buttonClass({ variant: 'outline', size: 'sm' })}
      >
        {running === 'spam' ? 'Marking…' : 'Mark as spam'}
      </button>
      {held > 0 ? (
        <button
          type="button"
          onClick={() => void run('release')}
          disabled={running !== null}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          {running === 'release' ? 'Releasing…' : 'Release hold'}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={running !== null}
        className={buttonClass({ variant: 'secondary', size: 'sm', className: destructive })}
      >
        Delete…
      </button>
      <button
        type="button"
        onClick={onClear}
        disabled={running !== null}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        Clear selection
      </button>
      <DialogShell
        open={confirming}
        onClose={() => setConfirming(false)}
        alert
        title={title}
        description={description}
        closeLabel="Cancel"
        actions={[
          {
            label: running === 'delete' ? 'Deleting…' : 'Delete',
            variant: 'secondary',
            className: destructive,
            disabled: running !== null,
            onClick: () => void run('delete'),
          },
        ]}
      />
    </div>
  );
}
