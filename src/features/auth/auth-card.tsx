import * as Tabs from '@radix-ui/react-tabs';

import { SignInForm } from '@/features/auth/sign-in-form';
import { SignUpForm } from '@/features/auth/sign-up-form';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** The "Admin Access" card: Sign In and Sign Up tabs. */
export function AuthCard() {
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <h1 className="text-2xl font-bold text-ink">Admin Access</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Staff sign in to review enquiries. New accounts need an administrator to grant access.
      </p>
      <Tabs.Root defaultValue="sign-in" className="mt-6">
        <Tabs.List aria-label="Admin access" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="sign-in" className={tabClass}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="sign-up" className={tabClass}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sign-in" className="mt-6 focus-visible:outline-offset-4">
          <SignInForm />
        </Tabs.Content>
        <Tabs.Content value="sign-up" className="mt-6 focus-visible:outline-offset-4">
          <SignUpForm />
        </Tabs.Content>
      </Tabs.Root>
      <p className="mt-6 text-xs text-ink-muted">
        <span aria-hidden="true" className="text-red-700">
          *
        </span>{' '}
        Required field
      </p>
    </div>
  );
}
