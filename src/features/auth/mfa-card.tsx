import type { ReactNode } from 'react';

import { SignOutButton } from '@/features/auth/sign-out-button';

/** The card of a second-factor step, with a way out for someone on the wrong account. */
export function MfaCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <div className="mt-2 space-y-2 text-sm text-ink-muted">{intro}</div>
      <div className="mt-6">{children}</div>
      <SignOutButton className="mt-4" />
    </div>
  );
}
