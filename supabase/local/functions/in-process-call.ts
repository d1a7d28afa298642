import type { EdgeFunction } from './functions-router.ts';

/**
 * Runs an Edge Function in-process the way a scheduled job's pg_net request reaches it on a
 * hosted project: a POST with the service-role key. Its JSON answer, or an error naming its
 * status and body when it is not 2xx.
 */
export async function callAsServiceRole(
  fn: EdgeFunction,
  url: string,
  serviceRoleKey: string,
): Promise<unknown> {
  const response = await fn(
    new Request(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    }),
  );
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}
