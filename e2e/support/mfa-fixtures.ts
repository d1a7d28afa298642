import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import type { Page } from '@playwright/test';

import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/local-keys';

import {
  closePages,
  LOCAL_SUPABASE_URL,
  serviceClient,
  test as withBackend,
  uniqueToken,
  type Backend,
  type Credentials,
} from './backend-fixtures';
import { totpCode } from './totp';

/** The name every staff account the fixture creates is given (admin:create --name). */
export const STAFF_NAME = 'E2E Staff';

/**
 * Staff sign-in with a second factor. `test` here is the backend fixtures' `test` whose `backend`
 * also creates admins that already have a verified TOTP factor (as `npm run admin:create --
 * --totp` makes them), so a spec can sign in the way staff do: password, then the code.
 */
export type TotpCredentials = Credentials & { secret: string };

export type StaffBackend = Backend & {
  /** A confirmed admin with a verified TOTP factor; its secret computes the codes. */
  createAdminWithTotp: () => Promise<TotpCredentials>;
};

const run = promisify(execFile);
const SERVICE_ROLE_KEY = process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY;

async function deleteUsers(emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  const admin = serviceClient().auth.admin;
  const { data, error } = await admin.listUsers({ page: 1, perPage: 1000 });
  if (error) throw new Error(`listUsers failed: ${error.message}`);
  for (const user of data.users) {
    if (user.email && emails.includes(user.email)) await admin.deleteUser(user.id);
  }
}

export const test = withBackend.extend<{ backend: StaffBackend }>({
  backend: async ({ backend, context }, use) => {
    const created: string[] = [];
    const staff: StaffBackend = {
      ...backend,
      async createAdminWithTotp() {
        const email = `${uniqueToken('staff')}@example.com`;
        const password = `Password-${uniqueToken('')}`;
        created.push(email);
        const { stdout } = await run(
          'npm',
          [
            'run',
            '--silent',
            'admin:create',
            '--',
            '--email',
            email,
            '--password',
            password,
            '--name',
            STAFF_NAME,
            '--totp',
          ],
          {
            env: {
              ...process.env,
              SUPABASE_URL: LOCAL_SUPABASE_URL,
              SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
            },
          },
        );
        const secret = /^TOTP secret: ([A-Z2-7]+)$/m.exec(stdout)?.[1];
        if (!secret) throw new Error(`admin:create --totp printed no secret:\n${stdout}`);
        return { email, password, secret };
      },
    };
    await use(staff);
    await closePages(context);
    await deleteUsers(created);
  },
});

/** Signs in at /auth with e-mail and password, then enters the current code at the code step. */
export async function signInWithCode(page: Page, { email, password, secret }: TotpCredentials) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel(/Email/).fill(email);
  await form.getByLabel(/Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await enterCode(page, totpCode(secret));
}

/** Fills the 6-digit code step (sign-in or enrolment) and submits it. */
export async function enterCode(page: Page, code: string) {
  const step = page.getByRole('form', { name: /authentication code/i });
  await step.getByLabel(/6-digit code/i).fill(code);
  await step.getByRole('button', { name: /Verify/ }).click();
}

export { expect } from './console-guard';
