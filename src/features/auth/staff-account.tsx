import type { User } from '@supabase/supabase-js';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { fetchStaffName } from '@/features/auth/fetch-staff-name';
import { useLoadedFor } from '@/features/auth/use-loaded-for';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type StaffAccountProps = {
  user: User;
  onSignOut: () => Promise<void>;
};

/** The staff frame's account: the person's staff name (or e-mail) and Sign Out. */
export function StaffAccount({ user, onSignOut }: StaffAccountProps) {
  const client = useSupabaseClient();
  const [busy, setBusy] = useState(false);
  const name = useLoadedFor(client, user.id, fetchStaffName);

  async function handleSignOut() {
    setBusy(true);
    try {
      await onSignOut();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="min-w-0 truncate text-sm text-ink-muted">
        <span className="sr-only">Signed in as </span>
        <span className="font-semibold text-ink">{name ?? user.email}</span>
      </p>
      <button
        type="button"
        onClick={handleSignOut}
        disabled={busy}
        className={buttonClass({ variant: 'outline', size: 'sm', className: 'shrink-0' })}
      >
        {busy ? 'Signing out...' : 'Sign Out'}
      </button>
    </>
  );
}
