import { useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { authMessages } from '@/features/auth/auth-messages';

type CopyState = 'idle' | 'copied' | 'unavailable';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': the way authenticator apps print a key. */
export function groupSetupKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * The setup key for typing into an app: shown in groups of four (a screen reader gets the key
 * itself, without the spaces) with a Copy key button that says, visibly and aloud, whether it
 * copied.
 */
export function TotpSetupKey({ secret }: { secret: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [copy]);

  async function copyKey() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('unavailable');
    }
  }

  return (
    <div className="mt-1 space-y-2">
      <p
        id="mfa-secret"
        className="rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-ink"
      >
        <span aria-hidden="true" className="select-all">
          {groupSetupKey(secret)}
        </span>
        <span className="sr-only">{secret}</span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void copyKey()}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          {copy === 'copied' ? 'Copied' : 'Copy key'}
        </button>
        <p role="status" className="text-sm text-ink-muted">
          {copy === 'copied'
            ? authMessages.setupKeyCopied
            : copy === 'unavailable'
              ? authMessages.setupKeyNotCopied
              : ''}
        </p>
      </div>
    </div>
  );
}
