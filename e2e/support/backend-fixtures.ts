import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import type { BrowserContext } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

import type { Database, TablesInsert } from '../../src/lib/database.types';
import {
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  LOCAL_SUPABASE_URL,
} from '../../supabase/local/local-keys';
import { test as guarded } from './console-guard';

/**
 * Fixtures for the admin journeys, against the embedded backend that playwright.config starts
 * (in memory). Everything a test creates (users, enquiries) is removed afterwards through the
 * service role, so tests can run in parallel and again on a reused backend.
 */
export { LOCAL_SUPABASE_URL };
const ANON_KEY = LOCAL_ANON_KEY;
const SERVICE_ROLE_KEY = process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY;

/** Where the consent banner looks for a saved choice (src/features/consent/consent-storage.ts). */

const run = promisify(execFile);

function client(key: string) {
  return createClient<Database>(LOCAL_SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // supabase-js needs a WebSocket implementation for realtime on Node 20.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

export const serviceClient = () => client(SERVICE_ROLE_KEY);
export const anonClient = () => client(ANON_KEY);

/** A value no other test (or run) uses. */
export function uniqueToken(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

export type Credentials = { email: string; password: string };
export type Enquiry = TablesInsert<'contact_submissions'>;

export type Backend = {
  /** A confirmed admin, made the way staff make one: `npm run admin:create`. */
  createAdmin: () => Promise<Credentials>;
  /** Fresh credentials for a sign-up through the UI; the user is deleted afterwards. */
  newSignUp: () => Credentials;
  /** Inserts enquiries through the service role (it may set created_at). */
  insertEnquiries: (rows: Enquiry[]) => Promise<void>;
  /** Inserts one enquiry as a visitor would: the anon key, no .select(). */
  insertEnquiryAsVisitor: (row: Enquiry) => Promise<void>;
  /** Remembers an enquiry made another way (the home form) for clean-up, by its e-mail. */
  trackEnquiryEmail: (email: string) => void;
  /** The first link of the newest captured e-mail to `to`. */
  latestMailLink: (to: string) => Promise<string>;
};

async function deleteUsersByEmail(emails: string[]) {
  if (emails.length === 0) return;
  const admin = serviceClient().auth.admin;
  const { data, error } = await admin.listUsers({ page: 1, perPage: 1000 });
  if (error) throw new Error(`listUsers failed: ${error.message}`);
  const wanted = new Set(emails.map((email) => email.toLowerCase()));
  for (const user of data.users) {
    if (user.email && wanted.has(user.email.toLowerCase())) {
      const { error: deleteError } = await admin.deleteUser(user.id);
      if (deleteError) throw new Error(`deleteUser(${user.email}) failed: ${deleteError.message}`);
    }
  }
}

async function deleteEnquiriesByEmail(emails: string[]) {
  if (emails.length === 0) return;
  const { error } = await serviceClient().from('contact_submissions').delete().in('Email', emails);
  if (error) throw new Error(`deleting enquiries failed: ${error.message}`);
}

/**
 * Closes the test's pages before its rows and accounts go, so a page still open (a dashboard
 * polling, a refetch on focus) cannot ask for them once they are deleted and report a failed
 * request against the test that has already passed.
 */
export async function closePages(context: BrowserContext): Promise<void> {
  await Promise.all(context.pages().map((page) => page.close()));
}

export const test = guarded.extend<{ backend: Backend }>({
  backend: async ({ context }, use) => {
    const userEmails: string[] = [];
    const enquiryEmails: string[] = [];

    await use({
      async createAdmin() {
        const email = `${uniqueToken('admin')}@example.com`;
        const password = `Password-${uniqueToken('')}`;
        userEmails.push(email);
        await run(
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
            'E2E Admin',
          ],
          {
            env: {
              ...process.env,
              SUPABASE_URL: LOCAL_SUPABASE_URL,
              SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
            },
          },
        );
        return { email, password };
      },
      newSignUp() {
        const email = `${uniqueToken('signup')}@example.com`;
        userEmails.push(email);
        return { email, password: `Password-${uniqueToken('')}` };
      },
      async insertEnquiries(rows) {
        enquiryEmails.push(...rows.map((row) => row.Email));
        const { error } = await serviceClient().from('contact_submissions').insert(rows);
        if (error) throw new Error(`inserting enquiries failed: ${error.message}`);
      },
      async insertEnquiryAsVisitor(row) {
        enquiryEmails.push(row.Email);
        const { error } = await anonClient().from('contact_submissions').insert(row);
        if (error) throw new Error(`anon insert failed: ${error.message}`);
      },
      trackEnquiryEmail(email) {
        enquiryEmails.push(email);
      },
      async latestMailLink(to) {
        const response = await fetch(
          `${LOCAL_SUPABASE_URL}/__local/mail?to=${encodeURIComponent(to)}`,
        );
        if (!response.ok) throw new Error(`GET /__local/mail failed with ${response.status}`);
        const [mail] = (await response.json()) as { links: string[] }[];
        const link = mail?.links[0];
        if (!link) throw new Error(`no captured e-mail with a link for ${to}`);
        return link;
      },
    });

    await closePages(context);
    await deleteEnquiriesByEmail(enquiryEmails);
    await deleteUsersByEmail(userEmails);
  },
});

export { expect } from './console-guard';
