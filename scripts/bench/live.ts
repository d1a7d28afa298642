/**
 * What keeping the staff screens current costs the backend: a fresh embedded backend holding
 * 2,000 enquiries and five staff admins signed in at aal2, each a session with its screens open,
 * asking what those screens ask at every poll (limits.adminPollMs). Four sessions have the
 * dashboard open with a record on top of it (the list's first page, its counts, the overview's
 * figures, the upcoming consultations, the record's timeline); the fifth has Needs a reply open
 * with a record (the enquiries owed a reply, the follow-ups due, the figures behind the section
 * link's count, the record's timeline). A round is every session's requests once, sent one after
 * another so none waits behind another; each is timed from sending to its answer through the
 * local API (PostgREST and the database, over loopback), which is the server's time for it.
 * DATABASE_URL (scripts/pg-throwaway.sh) runs it on another PostgreSQL server.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

import { limits } from '../../src/config/site.ts';
import {
  createUser,
  signedInClient,
  startTestBackend,
} from '../../tests/integration/support/backend.ts';
import { enrollVerifiedTotp } from '../../tests/integration/support/mfa.ts';
import { backendEngine } from './local-site.ts';

/** Enquiries in the database, as a small team's year or two. */
export const LIVE_ENQUIRIES = 2_000;
/** Staff sessions open at once. */
export const LIVE_SESSIONS = 5;
/** Poll rounds measured: one minute at the poll interval. */
const ROUNDS = Math.round(60_000 / limits.adminPollMs);
/** What the dashboard asks for the upcoming consultations. */
const UPCOMING_LIMIT = 5;

/** One kind of request a poll sends: its name and, per round, each session's times in ms. */
export type LiveRequest = { name: string; perRound: number; ms: number[] };
export type LiveResult = {
  /** The database server, as backendEngine() names it. */
  engine: string;
  enquiries: number;
  sessions: number;
  pollMs: number;
  rounds: number;
  requests: LiveRequest[];
};

const ENQUIRIES = `
insert into public.contact_submissions
  ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, created_at)
select 'Live Person ' || n, 'live.' || n || '@example.com', 'Company ' || (n % 200) || ' Ltd',
       (array['data-strategy', 'cloud-migration', 'ai-ml', 'analytics', 'other'])[1 + n % 5],
       (array['immediate', '1-3-months', '3-6-months', 'exploring'])[1 + n % 4],
       'Enquiry number ' || n || ' about reporting.',
       (array['new', 'in_progress', 'won', 'lost', 'spam'])[1 + n % 5],
       now() - make_interval(hours => n * 4)
  from generate_series(1, $1) as n`;

type Client = SupabaseClient;
type Call = { name: string; run: (client: Client, record: string) => PromiseLike<unknown> };

/** Throws when the API refused, so a failing request never counts as a fast one. */
async function answered(request: PromiseLike<{ error: unknown }>): Promise<void> {
  const { error } = await request;
  if (error) throw new Error(`live: a polled request failed: ${JSON.stringify(error)}`);
}

const listPage: Call = {
  name: 'list page (enquiry_list, 25 rows, exact count)',
  run: (client) =>
    answered(
      client
        .from('enquiry_list')
        .select('*', { count: 'exact' })
        .neq('status', 'spam')
        .order('created_at', { ascending: false })
        .order('id')
        .range(0, limits.adminPageSize - 1),
    ),
};
const counts: Call = {
  name: 'list counts (enquiry_list_counts)',
  run: (client) =>
    answered(
      client.rpc('enquiry_list_counts', {
        _search: '',
        _interest: '',
        _timeline: '',
        _assignee: '',
      }),
    ),
};
const figures: Call = {
  name: 'overview figures (enquiry_dashboard_figures)',
  run: (client) =>
    answered(client.rpc('enquiry_dashboard_figures', { _since: new Date().toISOString() })),
};
const upcoming: Call = {
  name: 'upcoming consultations',
  run: (client) => answered(client.rpc('upcoming_consultations', { p_limit: UPCOMING_LIMIT })),
};
const timeline: Call = {
  name: 'open record (enquiry_timeline)',
  run: (client, record) => answered(client.rpc('enquiry_timeline', { _submission_id: record })),
};
const needingReply: Call = {
  name: 'Needs a reply (enquiries_needing_reply)',
  run: (client) => answered(client.rpc('enquiries_needing_reply')),
};
const followUpsDue: Call = {
  name: 'follow-ups due (enquiry_follow_ups_due)',
  run: (client) => answered(client.rpc('enquiry_follow_ups_due')),
};

/** What each open screen asks at a poll: the dashboard, or Needs a reply; each with a record. */
const dashboardScreens = [listPage, counts, figures, upcoming, timeline];
const needsReplyScreens = [needingReply, followUpsDue, figures, timeline];

/** A staff admin signed in with password and TOTP: an aal2 client. */
async function staffSession(backend: Awaited<ReturnType<typeof startTestBackend>>, n: number) {
  const account = { email: `live.staff.${n}@example.com`, password: `live-password-${n}` };
  const user = await createUser(backend, account);
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    user.id,
  ]);
  const client = await signedInClient(backend, account.email, account.password);
  await enrollVerifiedTotp(client);
  return client;
}

export async function measureLive(): Promise<LiveResult> {
  const backend = await startTestBackend({ enquiryLimits: 'local' });
  try {
    // Without the triggers of a visitor's enquiry (limits, hold, mail), as the admin part seeds.
    await backend.sql('alter table public.contact_submissions disable trigger user');
    await backend.sql(ENQUIRIES, [LIVE_ENQUIRIES]);
    await backend.sql('alter table public.contact_submissions enable trigger user');
    const sessions: Client[] = [];
    for (let n = 1; n <= LIVE_SESSIONS; n++) sessions.push(await staffSession(backend, n));
    // Each session has a different record open, one with some history on its timeline.
    const records = (
      await backend.sql<{ id: string }>(
        `select id::text as id from public.contact_submissions
          where status <> 'spam' order by created_at desc limit $1`,
        [LIVE_SESSIONS],
      )
    ).map((row) => row.id);
    for (const [index, client] of sessions.entries()) {
      const record = records[index]!;
      await answered(
        client.from('enquiry_notes').insert({ submission_id: record, body: 'Rang, no answer.' }),
      );
      await answered(
        client.rpc('set_enquiry_follow_up', {
          _submission_id: record,
          _due_on: new Date().toISOString().slice(0, 10),
          _note: 'Try again',
        }),
      );
    }
    const screens = sessions.map((_, index) =>
      index === LIVE_SESSIONS - 1 ? needsReplyScreens : dashboardScreens,
    );
    const byName = new Map<string, LiveRequest>();
    for (const calls of screens) {
      for (const call of calls) {
        const entry = byName.get(call.name) ?? { name: call.name, perRound: 0, ms: [] };
        entry.perRound += 1;
        byName.set(call.name, entry);
      }
    }
    // One warm-up round, not counted: the first request of each kind plans and caches.
    for (let round = 0; round <= ROUNDS; round++) {
      console.error(`live round ${round} of ${ROUNDS}${round === 0 ? ' (warm-up)' : ''}`);
      for (const [index, client] of sessions.entries()) {
        for (const call of screens[index]!) {
          const started = performance.now();
          await call.run(client, records[index]!);
          if (round > 0) byName.get(call.name)!.ms.push(performance.now() - started);
        }
      }
    }
    return {
      engine: await backendEngine(backend),
      enquiries: LIVE_ENQUIRIES,
      sessions: LIVE_SESSIONS,
      pollMs: limits.adminPollMs,
      rounds: ROUNDS,
      requests: [...byName.values()],
    };
  } finally {
    await backend.stop();
  }
}
