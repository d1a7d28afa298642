/**
 * One claim of a JWT's payload, read without checking the signature: only a hint for what to
 * show or start early. Whoever the token is sent to verifies it. Undefined when the token or the
 * claim is not there or not a string.
 */
export function jwtClaim(token: string, name: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const value = (JSON.parse(json) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
