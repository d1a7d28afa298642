import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog-shell';
import { notify } from '@/components/ui/toast/notify';
import { BulkAssignDialog, BulkStatusDialog } from '@/features/admin/bulk/bulk-choice-dialog';
import {
  deleteConfirmation,
  describeBulkResult,
  describeSkipped,
  offeredBulkActions,
  runBulkAction,
  seenFor,
  type BulkAction,
  type BulkRequest,
  type BulkView,
} from '@/features/admin/bulk/bulk-enquiry-action';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { staffName } from '@/features/admin/record/enquiry-timeline';
import { staffQuery } from '@/features/admin/shared/admin-queries';
import { statusLabel } from '@/features/admin/shared/enquiry-status';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  /** The selected enquiries on the page. */
  selected: readonly Enquiry[];
  /** The spam list offers "Not spam" instead of "Mark as spam" (and no assign or status). */
  view: BulkView;
  onClear: () => void;
  /** After an action changed enquiries: the list reloads and the selection clears. */
  onDone: () => void;
};

const destructive = 'bg-red-700 hover:bg-red-800';

const labels: Record<BulkAction, [idle: string, running: string]> = {
  assign: ['Assign…', 'Assigning…'],
  status: ['Set status…', 'Setting…'],
  spam: ['Mark as spam', 'Marking…'],
  not_spam: ['Not spam', 'Moving…'],
  release: ['Release hold', 'Releasing…'],
  delete: ['Delete…', 'Deleting…'],
};

/**
 * What to do with the selected enquiries: assign them, set their status, mark them spam (or, in
 * the spam list, not spam), release held ones, or delete them. Each is one database call with one
 * audit entry; assign, status and delete ask first; the outcome is a toast. Below tablet width
 * the bar sticks to the bottom of the screen while the cards scroll under it.
 */
export function EnquiriesBulkActions({ selected, view, onClear, onDone }: Props) {
  const client = useSupabaseClient();
  const [running, setRunning] = useState<BulkAction | null>(null);
  const [asked, setAsked] = useState<BulkAction | null>(null);
  const staff = useQuery(staffQuery(client)).data ?? [];
  const count = selected.length;
  const held = selected.filter((row) => row.held_at !== null).length;

  /** Who or what the action set, as the result message names it. */
  function valueName(request: BulkRequest): string | undefined {
    if (request.action === 'status') return request.status;
    if (request.action !== 'assign' || request.assignee === null) return undefined;
    const member = staff.find((each) => each.id === request.assignee);
    return member?.display_name?.trim() || member?.email || 'the chosen person';
  }

  async function run(request: BulkRequest) {
    setRunning(request.action);
    try {
      const result = await runBulkAction(
        client,
        selected.map((row) => row.id),
        request,
        seenFor(request.action, selected),
      );
      const description = describeBulkResult(result, valueName(request));
      notify({ title: 'Done', description, variant: 'success' });
      const skipped = describeSkipped(
        result.skipped ?? [],
        (id) => selected.find((row) => row.id === id)?.Name ?? 'An enquiry',
        (value) =>
          request.action === 'assign'
            ? value
              ? staffName(value, staff)
              : 'unassigned'
            : statusLabel(value ?? ''),
      );
      if (skipped)
        notify({ title: 'Some not changed', description: skipped, variant: 'destructive' });
      onDone();
    } catch (error) {
      notify({ title: 'Not changed', description: rpcErrorMessage(error), variant: 'destructive' });
    } finally {
      setRunning(null);
      setAsked(null);
    }
  }

  function press(action: BulkAction) {
    if (action === 'assign' || action === 'status' || action === 'delete') setAsked(action);
    else void run({ action });
  }

  if (count === 0) return null;
  const busy = (action: BulkAction) => (running === action ? labels[action][1] : null);
  const close = () => setAsked(null);
  const { title, description } = deleteConfirmation(count);
  return (
    <div
      role="group"
      aria-label="Selected enquiries"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 max-md:sticky max-md:bottom-0 max-md:z-20 max-md:gap-x-2 max-md:px-3 max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))] max-md:shadow-[0_-6px_16px_-4px_rgb(15_23_42/0.25)]"
    >
      <p className="mr-auto text-sm font-semibold text-ink max-md:w-full">
        {count} selected{held > 0 ? `, ${held} held` : ''}
      </p>
      {offeredBulkActions(view, held).map((action) => (
        <button
          key={action}
          type="button"
          onClick={() => press(action)}
          disabled={running !== null}
          className={buttonClass({
            variant: action === 'delete' ? 'secondary' : 'outline',
            size: 'sm',
            className: `min-h-9 ${action === 'delete' ? destructive : ''}`,
          })}
        >
          {busy(action) ?? labels[action][0]}
        </button>
      ))}
      <button
        type="button"
        onClick={onClear}
        disabled={running !== null}
        className={buttonClass({ variant: 'ghost', size: 'sm', className: 'min-h-9' })}
      >
        Clear selection
      </button>
      <BulkAssignDialog
        open={asked === 'assign'}
        onClose={close}
        count={count}
        staff={staff}
        busyLabel={busy('assign')}
        onAssign={(assignee) => void run({ action: 'assign', assignee })}
      />
      <BulkStatusDialog
        open={asked === 'status'}
        onClose={close}
        count={count}
        busyLabel={busy('status')}
        onSet={(status) => void run({ action: 'status', status })}
      />
      <DialogShell
        open={asked === 'delete'}
        onClose={close}
        alert
        title={title}
        description={description}
        closeLabel="Cancel"
        actions={[
          {
            label: busy('delete') ?? 'Delete',
            variant: 'secondary',
            className: destructive,
            disabled: running !== null,
            onClick: () => void run({ action: 'delete' }),
          },
        ]}
      />
    </div>
  );
}
