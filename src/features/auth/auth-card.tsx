import { useState } from 'react';

import { useTabs } from '@/components/ui/use-tabs';
import { SignInForm } from '@/features/auth/sign-in-form';
import { SignUpForm } from '@/features/auth/sign-up-form';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

const accessTabs = ['sign-in', 'sign-up'] as const;
type AccessTab = (typeof accessTabs)[number];

/** The "Admin Access" card: Sign In and Sign Up tabs (only the open tab's form is rendered). */
export function AuthCard() {
  const [active, setActive] = useState<AccessTab>('sign-in');
  const tabs = useTabs({ values: accessTabs, value: active, onValueChange: setActive });
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <h1 className="text-2xl font-bold text-ink">Admin Access</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Staff sign in to review enquiries. New accounts need an administrator to grant access.
      </p>
      <div className="mt-6">
        <div
          {...tabs.listProps}
          aria-label="Admin access"
          className="flex gap-1 rounded-lg bg-slate-100 p-1"
        >
          <button {...tabs.tabProps('sign-in')} className={tabClass}>
            Sign In
          </button>
          <button {...tabs.tabProps('sign-up')} className={tabClass}>
            Sign Up
          </button>
        </div>
        <div {...tabs.panelProps(active)} className="mt-6 focus-visible:outline-offset-4">
          {active === 'sign-in' ? <SignInForm /> : <SignUpForm />}
        </div>
      </div>
      <p className="mt-6 text-xs text-ink-muted">
        <span aria-hidden="true" className="text-red-700">
          *
        </span>{' '}
        Required field
      </p>
    </div>
  );
}
