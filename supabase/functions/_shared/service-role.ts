/** Equal strings, compared without an early exit. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index += 1) {
    difference |= (a[index % Math.max(a.length, 1)] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0 && a.length > 0;
}

/**
 * Whether the caller is the service role. Supabase's verify_jwt lets any valid project JWT
 * through, the anon key included, so a function run only by pg_cron checks the caller itself:
 * the bearer token must be the service-role key. A JWT whose role claim says service_role but
 * that is not this key (another project's, a forged one) is refused too.
 */
export function isServiceRoleRequest(request: Request, serviceRoleKey: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match !== null && sameSecret(match[1] ?? '', serviceRoleKey);
}
