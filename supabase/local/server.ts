import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

import {
  handle as answerConsultation,
  readConsultationEnv,
} from '../functions/consultation/handler.ts';
import {
  handle as serveConsultationFeed,
  readFeedEnv,
} from '../functions/consultation-feed/handler.ts';
import {
  handle as receiveMailEvents,
  readMailEventsEnv,
} from '../functions/mail-events/handler.ts';
import {
  handle as sendEnquiryMail,
  readSenderEnv,
} from '../functions/send-enquiry-mail/handler.ts';
import {
  handle as syncBusyCalendars,
  readSyncEnv,
} from '../functions/sync-busy-calendars/handler.ts';
import type { CalendarFetch } from '../functions/sync-busy-calendars/public-fetch.ts';
import { createAuthLimits } from './auth/auth-limits.ts';
import type { AuthLimitsMode } from './auth/auth-limits.ts';
import { createAuthHandler } from './auth/auth-router.ts';
import type { Database } from './db/database.ts';
import { startEmbeddedCluster } from './db/embedded-cluster.ts';
import { bootstrapDatabase } from './db/migrate.ts';
import { openPostgres } from './db/postgres.ts';
import { applyConsultationReadLimits, applyEnquiryLimits } from './functions/enquiry-limits.ts';
import type { EnquiryLimitsOption } from './functions/enquiry-limits.ts';
import { createEnquiryMailRunner } from './functions/enquiry-mail-runner.ts';
import { createFunctionsHandler } from './functions/functions-router.ts';
import { callAsServiceRole } from './functions/in-process-call.ts';
import { publicCalendarFetch } from './functions/public-calendar-fetch.ts';
import {
  corsHeaders,
  header,
  isLocalHost,
  json,
  originsOf,
  preflight,
  readBody,
  send,
} from './http.ts';
import type { CorsPolicy, LocalRequest, LocalResponse } from './http.ts';
import { startReplyClockJob } from './jobs/reply-clock.ts';
import { startRetentionJob } from './jobs/retention.ts';
import { startScheduledJobs } from './jobs/scheduled-jobs.ts';
import { DEFAULT_JWT_SECRET, JwtKeys } from './jwt.ts';
import { LOCAL_MAIL_WEBHOOK_SECRET, LOCAL_SUPABASE_PORT } from './local-keys.ts';
import { createDeliveryReporter } from './mail-delivery-events.ts';
import { handleMail, handleMailApi, ensureMailApiTable, LOCAL_MAIL_API_KEY } from './mail.ts';
import { handleRest } from './rest/rest-router.ts';
import { readSupabaseConfig } from './supabase-config.ts';

export type { EnquiryLimitsOption } from './functions/enquiry-limits.ts';
export type { AuthLimitsMode } from './auth/auth-limits.ts';

/** The enquiry notification sender (the send-enquiry-mail Edge Function) of the local backend. */
export interface EnquiryMailOptions {
  /** Where staff alerts go (ENQUIRY_NOTIFY_TO). Default enquiries@kestrel-data.local. */
  notifyTo?: string;
  /** The From of every notification (MAIL_FROM). */
  from?: string;
  /** The Resend-style API (MAIL_API_URL); default this backend's /__local/mail-api. */
  apiUrl?: string;
  /** Its bearer key (MAIL_API_KEY); the local mail API accepts only this key. */
  apiKey?: string;
  /** Run the sender every this many milliseconds; 0 (default) = no timer. */
  intervalMs?: number;
  /** Run the sender right after each enquiry is inserted and each staff reply. Default false. */
  runAfterInsert?: boolean;
  /**
   * The mail-events function's signing secret (MAIL_WEBHOOK_SECRET), with which the local mail
   * API signs the delivery events it reports. Default the local one.
   */
  webhookSecret?: string;
  /**
   * The domain whose mail the mail API receives (MAIL_INBOUND_DOMAIN): replies to the prospect
   * go to reply+<token>@ it. Default inbound.kestrel-data.local.
   */
  inboundDomain?: string;
}

/**
 * Where the data lives: `memory` is a throwaway PostgreSQL cluster (deleted on stop), `embedded`
 * a cluster kept in `dir`, both run by this process from npm's PostgreSQL binaries; `postgres` a
 * server someone else runs.
 */
export type DatabaseOption =
  | { kind: 'memory'; osUser?: string }
  | { kind: 'embedded'; dir: string; osUser?: string }
  | { kind: 'postgres'; url: string };

export interface LocalSupabaseOptions {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  host?: string;
  db: DatabaseOption;
  /** true = the CLI's local behaviour (sign-up returns a session); default false, as on hosted Supabase. */
  autoconfirm?: boolean;
  migrationsDir?: string;
  seedFile?: string;
  /** GoTrue's SITE_URL: the default and allowed origin of e-mail link redirects. */
  siteUrl?: string;
  log?: (line: string) => void;
  jwtSecret?: string;
  /** 'local' mode's requests per minute and IP on /token, /signup and /verify before 429 (600). */
  authRateLimitPerMinute?: number;
  /**
   * GoTrue's rate limits: 'local' (default) is generous, since every local request comes from
   * 127.0.0.1; 'config' applies supabase/config.toml's [auth.rate_limit] as GoTrue does.
   */
  authLimits?: AuthLimitsMode;
  /** supabase/config.toml: [auth] additional_redirect_urls and [auth.rate_limit]. */
  configFile?: string;
  /** The rate limiters' clock (ms since the epoch); tests move it instead of sleeping. */
  now?: () => number;
  enquiryMail?: EnquiryMailOptions;
  /**
   * The enquiry limits written to private.enquiry_limits at start: 'local' (default) raises the
   * per-client and hourly limits, since every local request comes from one address; 'migrated'
   * restores the migration's values; or explicit columns over the migration's values. 'local'
   * also raises the per-client limits on reading the free consultation times and claiming book
   * tokens; the others leave the migration's.
   */
  enquiryLimits?: EnquiryLimitsOption;
  /** private.apply_retention() runs at start, and then every this many ms when set (tests). */
  retentionIntervalMs?: number;
  /**
   * Run the jobs the migrations schedule (cron.job) at their times, as pg_cron does: on for
   * `npm run backend` and `npm run dev`; off by default, so no job queues mail in the middle of a
   * test (tests run one with `POST /__local/jobs/<name>`).
   */
  scheduledJobs?: boolean;
  /**
   * How the busy-calendar reader connects to calendar servers; default https to public
   * addresses only, checked at connection time (public-calendar-fetch.ts). Tests put a stand-in
   * server in front of it.
   */
  calendarFetch?: CalendarFetch;
}

export interface LocalSupabase {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The database's connection URL, as its superuser (tests, benches, psql). */
  databaseUrl: string;
  /** Superuser access for tests and assertions. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use: is another backend running? set LOCAL_SUPABASE_PORT`);
    this.name = 'PortInUseError';
  }
}

/** The database and the URL it answers on (a kept or throwaway cluster started here, or `url`). */
async function openDatabase(option: DatabaseOption): Promise<{ db: Database; url: string }> {
  if (option.kind === 'postgres') return { db: await openPostgres(option.url), url: option.url };
  const cluster = await startEmbeddedCluster({
    dataDir: option.kind === 'embedded' ? option.dir : undefined,
    osUser: option.osUser,
  });
  try {
    const db = await openPostgres(cluster.url);
    return {
      db: {
        ...db,
        async close() {
          await db.close();
          await cluster.stop();
        },
      },
      url: cluster.url,
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePort((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export async function startLocalSupabase(options: LocalSupabaseOptions): Promise<LocalSupabase> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const keys = await JwtKeys.create(options.jwtSecret ?? DEFAULT_JWT_SECRET);
  const siteUrl = options.siteUrl ?? 'http://localhost:5173';
  const config = readSupabaseConfig(resolve(options.configFile ?? 'supabase/config.toml'));
  // The captured inbox holds confirmation links: only the site's own pages may read it.
  const siteOrigins = originsOf([siteUrl, ...config.additionalRedirectUrls]);
  const corsPolicy = (pathname: string): CorsPolicy => {
    if (below(pathname, '/__local/mail-api')) return 'none';
    if (below(pathname, '/__local/jobs')) return 'none';
    if (below(pathname, '/__local')) return siteOrigins;
    return 'any';
  };

  let route: (request: LocalRequest) => Promise<LocalResponse> = async () =>
    json(503, { message: 'The local backend is still starting' });

  const server = createServer((req, res) => {
    void serve(req, res, (request) => route(request), corsPolicy, log);
  });
  // With Node's 5 s keep-alive the server could drop an idle connection just as a client (whose
  // own idle timeout is shorter) reused it: the client saw ECONNRESET. The server outwaits it.
  server.keepAliveTimeout = 65_000;
  // The port is taken before the database is opened, so a second instance can never start a
  // server on the same kept data directory.
  const port = await listen(server, options.port ?? LOCAL_SUPABASE_PORT, host);
  const url = `http://${host}:${port}`;

  let db: Database;
  let databaseUrl: string;
  try {
    ({ db, url: databaseUrl } = await openDatabase(options.db));
  } catch (error) {
    server.close();
    throw error;
  }
  try {
    await bootstrapDatabase(db, {
      migrationsDir: resolve(options.migrationsDir ?? 'supabase/migrations'),
      seedFile: resolve(options.seedFile ?? 'supabase/seed.sql'),
      log,
    });
    await ensureMailApiTable(db);
    await applyEnquiryLimits(db, options.enquiryLimits ?? 'local');
    await applyConsultationReadLimits(db, options.enquiryLimits ?? 'local');
  } catch (error) {
    server.close();
    await db.close().catch(() => {});
    throw error;
  }

  const handleAuth = createAuthHandler(
    {
      db,
      keys,
      externalUrl: `${url}/auth/v1`,
      siteUrl,
      autoconfirm: options.autoconfirm ?? false,
      minimumPasswordLength: config.authPolicy.minimumPasswordLength,
      otpExpirySeconds: config.authPolicy.otpExpirySeconds,
    },
    createAuthLimits({
      mode: options.authLimits ?? 'local',
      rateLimit: config.authRateLimit,
      localPerMinute: options.authRateLimitPerMinute,
      now: options.now,
    }),
  );
  const mailOptions = options.enquiryMail ?? {};
  const mailApiKey = mailOptions.apiKey ?? LOCAL_MAIL_API_KEY;
  const senderSettings: Record<string, string> = {
    SUPABASE_URL: url,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    MAIL_API_URL: mailOptions.apiUrl ?? `${url}/__local/mail-api`,
    MAIL_API_KEY: mailApiKey,
    MAIL_FROM: mailOptions.from ?? 'Kestrel Data <no-reply@kestrel-data.local>',
    ENQUIRY_NOTIFY_TO: mailOptions.notifyTo ?? 'enquiries@kestrel-data.local',
    SITE_URL: siteUrl,
    MAIL_WEBHOOK_SECRET: mailOptions.webhookSecret ?? LOCAL_MAIL_WEBHOOK_SECRET,
    MAIL_INBOUND_DOMAIN: mailOptions.inboundDomain ?? 'inbound.kestrel-data.local',
  };
  const senderEnv = readSenderEnv((name) => senderSettings[name]);
  if (!senderEnv.ok) log(`send-enquiry-mail is not configured: ${senderEnv.problems.join('; ')}`);
  const consultationEnv = readConsultationEnv((name) => senderSettings[name]);
  const syncEnv = readSyncEnv((name) => senderSettings[name]);
  const calendarFetcher = options.calendarFetch ?? publicCalendarFetch();
  const feedEnv = readFeedEnv((name) => senderSettings[name]);
  const mailEventsEnv = readMailEventsEnv((name) => senderSettings[name]);
  if (!mailEventsEnv.ok) log(`mail-events is not configured: ${mailEventsEnv.problems.join('; ')}`);
  const mailEventsEndpoint = `${url}/functions/v1/mail-events`;
  const webhookSecret = senderSettings.MAIL_WEBHOOK_SECRET ?? LOCAL_MAIL_WEBHOOK_SECRET;
  // what Resend does after a send: report the message's delivery events to the webhook.
  const deliveryReporter = createDeliveryReporter({
    endpoint: () => mailEventsEndpoint,
    secret: webhookSecret,
    log,
  });
  const functions = {
    'send-enquiry-mail': (request: Request) => sendEnquiryMail(request, senderEnv),
    consultation: (request: Request) => answerConsultation(request, consultationEnv),
    'sync-busy-calendars': (request: Request) =>
      syncBusyCalendars(request, syncEnv, fetch, { calendarFetcher }),
    'consultation-feed': (request: Request) => serveConsultationFeed(request, feedEnv),
    'mail-events': (request: Request) => receiveMailEvents(request, mailEventsEnv),
  };
  const handleFunction = createFunctionsHandler(functions, keys, config.verifyJwt);
  const retention = await startRetentionJob({ db, log, intervalMs: options.retentionIntervalMs });
  const replyClock = startReplyClockJob({ db, log });
  const mailRunner = createEnquiryMailRunner({
    intervalMs: mailOptions.intervalMs ?? 0,
    log,
    async run() {
      const response = await sendEnquiryMail(
        new Request(`${url}/functions/v1/send-enquiry-mail`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${keys.serviceRoleKey}` },
        }),
        senderEnv,
      );
      if (!response.ok)
        log(`send-enquiry-mail answered ${response.status}: ${await response.text()}`);
    },
  });

  // Every queued mail goes out after a minute in which a job ran, as the sender's own job
  // (send-enquiry-mail) would have it: here the function runs in-process instead of by pg_net.
  const scheduledJobs = startScheduledJobs({
    db,
    log,
    onRan: () => mailRunner.kick(),
    timer: options.scheduledJobs ?? false,
    followUps: {
      async 'sync-busy-calendars'() {
        const summary = await callAsServiceRole(
          functions['sync-busy-calendars'],
          `${url}/functions/v1/sync-busy-calendars`,
          keys.serviceRoleKey,
        );
        log(`sync-busy-calendars: ${JSON.stringify(summary)}`);
      },
    },
  });

  // For the service role only: GET lists the scheduled jobs; POST /<name> runs one now and then
  // drains the outbox (what `npm run jobs` and the e2e tests use instead of waiting for its time);
  // POST /reply-clock runs the reply clock's three jobs and answers what they queued.
  const runJobNow = async (request: LocalRequest): Promise<LocalResponse> => {
    if (header(request, 'authorization') !== `Bearer ${keys.serviceRoleKey}`) {
      return json(401, { message: 'The local jobs answer only the service role' });
    }
    const name = request.url.pathname.slice('/__local/jobs'.length).replace(/^\//, '');
    if (name === '') {
      if (request.method !== 'GET') return json(405, { message: 'Method not allowed' });
      return json(200, await scheduledJobs.list());
    }
    if (request.method !== 'POST') return json(405, { message: 'Method not allowed' });
    if (name === 'reply-clock') {
      const counts = await replyClock.runNow();
      mailRunner.kick();
      return json(200, counts);
    }
    const ran = await scheduledJobs.runNow(decodeURIComponent(name));
    if (!ran) {
      const names = (await scheduledJobs.list()).map((job) => job.jobname);
      return json(404, { message: `No job named ${name}; the jobs are: ${names.join(', ')}` });
    }
    if (ran.error) return json(500, { job: ran.job, message: ran.error });
    return json(200, { job: ran.job });
  };

  const queuesMail = new Set([
    '/contact_submissions',
    '/rpc/send_enquiry_reply',
    '/rpc/book_consultation',
    '/rpc/reschedule_consultation',
    '/rpc/cancel_consultation',
    '/rpc/staff_move_consultation',
    '/rpc/staff_cancel_consultation',
  ]);

  route = (request) => {
    const { pathname } = request.url;
    if (below(pathname, '/rest/v1')) {
      const path = pathname.slice('/rest/v1'.length) || '/';
      return handleRest({ ...request, path }, db, keys).then((response) => {
        // what a database webhook does on Supabase: send at once what an enquiry or a staff
        // reply has just queued, rather than at the next run of the timer.
        if (
          mailOptions.runAfterInsert &&
          request.method === 'POST' &&
          queuesMail.has(path) &&
          response.status < 300
        ) {
          mailRunner.kick();
        }
        return response;
      });
    }
    if (below(pathname, '/functions/v1')) {
      return handleFunction(request, pathname.slice('/functions/v1/'.length));
    }
    if (below(pathname, '/__local/mail-api')) {
      // Its key is public, so a page rebinding its host name to this machine could plant mail.
      if (!isLocalHost(header(request, 'host'), host)) {
        return Promise.resolve(
          json(403, { message: 'The local mail API answers only on this machine (Host)' }),
        );
      }
      return handleMailApi(request, db, mailApiKey, (messageId, mail) => {
        for (const to of mail.to) deliveryReporter.report(messageId, to, mail.from, mail.subject);
      });
    }
    if (below(pathname, '/auth/v1')) {
      return handleAuth({ ...request, path: pathname.slice('/auth/v1'.length) || '/' });
    }
    if (below(pathname, '/__local/jobs')) {
      if (!isLocalHost(header(request, 'host'), host)) {
        return Promise.resolve(
          json(403, { message: 'The local jobs answer only on this machine (Host)' }),
        );
      }
      return runJobNow(request);
    }
    if (below(pathname, '/__local/mail')) {
      if (!isLocalHost(header(request, 'host'), host)) {
        return Promise.resolve(
          json(403, { message: 'The local mail inbox answers only on this machine (Host)' }),
        );
      }
      // an answer played from the inbox is announced as Resend announces received mail
      return handleMail(request, db, {
        eventsEndpoint: mailEventsEndpoint,
        webhookSecret,
        siteOrigins,
        log,
      });
    }
    return Promise.resolve(json(404, { message: 'no Route matched with those values' }));
  };

  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: keys.secret,
    databaseUrl,
    async sql<T>(text: string, params: unknown[] = []) {
      if (params.length === 0) return db.simpleQuery<T>(text);
      return (await db.query<T>(text, params)).rows;
    },
    stop() {
      stopped ??= (async () => {
        await scheduledJobs.stop();
        await mailRunner.stop();
        await deliveryReporter.stop();
        await retention.stop();
        await replyClock.stop();
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
        await db.close();
      })();
      return stopped;
    },
  };
}

/**
 * The route's headers with the server's CORS headers under them. An Edge Function that answers
 * CORS itself (as it must on Supabase) keeps its own: a header sent twice is refused by browsers.
 */
function withCors(
  cors: Record<string, string>,
  headers: Record<string, string>,
): Record<string, string> {
  const own = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const kept = Object.entries(cors).filter(([name]) => !own.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...headers };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  route: (request: LocalRequest) => Promise<LocalResponse>,
  corsPolicy: (pathname: string) => CorsPolicy,
  log: (line: string) => void,
): Promise<void> {
  const policy = corsPolicy(pathOf(req.url));
  const cors = corsHeaders(req, policy);
  const method = (req.method ?? 'GET').toUpperCase();
  try {
    if (method === 'OPTIONS') {
      send(res, preflight(req, policy));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    if (!body.ok) {
      const limit = json(
        413,
        {
          code: 'request_too_large',
          message: 'Request size limit exceeded',
          details: 'The local backend accepts request bodies of at most 1 MiB',
          hint: null,
        },
        { Connection: 'close' },
      );
      send(res, { ...limit, headers: { ...cors, ...limit.headers } });
      return;
    }
    const ip = peerAddress(req.socket.remoteAddress);
    const request: LocalRequest = {
      method,
      url,
      path: url.pathname,
      headers: { ...req.headers, ...gatewayForwardedHeaders(req.headers, ip) },
      body: body.body,
      ip,
    };
    const result = await route(request);
    send(res, { ...result, headers: withCors(cors, result.headers ?? {}) }, method === 'HEAD');
  } catch (error) {
    log(
      `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    send(res, {
      ...json(500, {
        code: 'unexpected_failure',
        message: 'Unexpected failure, please check server logs for more information',
      }),
      headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
}

/** The request target's path as the router will see it ('/' when it cannot be parsed). */
function pathOf(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

function below(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The socket's address, with an IPv4-mapped IPv6 address written as plain IPv4. */
function peerAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * What Supabase's API gateway (Kong, i.e. nginx's $proxy_add_x_forwarded_for) passes on: the
 * address of the connection is appended to any X-Forwarded-For the client sent, so the last
 * entry is always the one the gateway saw, and X-Real-IP is replaced by that address.
 */
export function gatewayForwardedHeaders(
  headers: IncomingMessage['headers'],
  peer: string,
): Record<string, string> {
  const sent = headers['x-forwarded-for'];
  const earlier = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  return {
    'x-forwarded-for': earlier === '' ? peer : `${earlier}, ${peer}`,
    'x-real-ip': peer,
  };
}
