import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { staffDateTime } from '@/components/ui/staff-date';
import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import {
  revokeFeed,
  rotateFeed,
  type FeedStatus,
} from '@/features/admin/availability/consultation-feed';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  staffId: string;
  /** undefined while loading, null when it could not be read. */
  status: FeedStatus | undefined | null;
};

/** The feed address just made, with a button that copies it; shown once. */
function NewFeedAddress({ url }: { url: string }) {
  const [copied, setCopied] = useState<Outcome>(null);
  const box = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ tone: 'ok', text: 'Address copied.' });
    } catch {
      box.current?.select();
      setCopied({
        tone: 'error',
        text: 'The address could not be copied: it is selected, copy it with your keyboard or menu.',
      });
    }
  }

  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <label htmlFor="consultation-feed-url" className="block text-sm font-semibold text-ink">
        Your feed address
      </label>
      <p id="consultation-feed-url-hint" className="text-sm text-ink">
        Copy it now: it is shown only this once. Add it to your calendar app as a subscription
        (&ldquo;From URL&rdquo;). Anyone with the address sees your bookings, so keep it private.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          ref={box}
          id="consultation-feed-url"
          type="text"
          readOnly
          value={url}
          aria-describedby="consultation-feed-url-hint"
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClass} min-w-0 flex-1 basis-64 font-mono text-sm`}
        />
        <button
          type="button"
          onClick={() => void copy()}
          className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
        >
          Copy address
        </button>
      </div>
      <OutcomeMessage outcome={copied} />
    </div>
  );
}

/**
 * The staff member's own bookings as a calendar feed: whether it is on, a new address (shown once,
 * which stops the old one working) and turning it off.
 */
export function ConsultationFeedSection({ staffId, status }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: availabilityKeys.feed(staffId) });
  const rotating = useMutation({
    mutationFn: () => rotateFeed(client),
    onSuccess: (url) => {
      setMade(url);
      setOutcome(
        status?.active
          ? { tone: 'ok', text: 'New feed address made. The old address no longer works.' }
          : { tone: 'ok', text: 'Feed address made.' },
      );
      return reload();
    },
    onError: (failure) =>
      setOutcome({ tone: 'error', text: `No address made: ${rpcErrorMessage(failure)}` }),
  });
  const revoking = useMutation({
    mutationFn: () => revokeFeed(client),
    onSuccess: () => {
      setMade(null);
      setOutcome({
        tone: 'ok',
        text: 'Feed turned off: the address no longer works. Calendars subscribed to it stop updating.',
      });
      return reload();
    },
    onError: (failure) =>
      setOutcome({ tone: 'error', text: `Feed not turned off: ${rpcErrorMessage(failure)}` }),
  });
  const busy = rotating.isPending || revoking.isPending;

  return (
    <div className="space-y-4">
      {status === undefined ? (
        <p className="text-sm text-ink-muted">Loading your feed…</p>
      ) : status === null ? (
        <p className="text-sm text-red-800">Your feed&apos;s state could not be loaded.</p>
      ) : status.active ? (
        <p className="text-sm text-ink">
          Your feed is on
          {status.created_at ? ` (address made ${staffDateTime(status.created_at)})` : ''}. The
          address is shown only when it is made: if you no longer have it, make a new one (the old
          one then stops working).
        </p>
      ) : (
        <p className="text-sm text-ink">Your feed is off.</p>
      )}
      {made ? <NewFeedAddress url={made} /> : null}
      <OutcomeMessage outcome={outcome} />
      {status ? (
        <div className="flex flex-wrap justify-end gap-2">
          {status.active ? (
            <button
              type="button"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) revoking.mutate();
              }}
              className={buttonClass({
                variant: 'outline',
                size: 'sm',
                className: 'min-h-11 max-sm:w-full',
              })}
            >
              {revoking.isPending ? 'Turning off…' : 'Turn off feed'}
            </button>
          ) : null}
          <button
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) rotating.mutate();
            }}
            className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
          >
            {rotating.isPending
              ? 'Making…'
              : status.active
                ? 'Make a new address'
                : 'Make a feed address'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
