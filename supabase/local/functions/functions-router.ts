import type { LocalRequest, LocalResponse } from '../http.ts';
import { json } from '../http.ts';
import type { JwtKeys } from '../jwt.ts';
import { requestToken } from '../rest/request-auth.ts';

export type EdgeFunction = (request: Request) => Promise<Response>;

/** The web Request an Edge Function receives for a local request. */
export function toWebRequest(request: LocalRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || name === 'connection') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(request.url.toString(), {
    method: request.method,
    headers,
    body: hasBody && request.body.length > 0 ? new Uint8Array(request.body) : null,
  });
}

async function fromWebResponse(response: Response): Promise<LocalResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

/**
 * `/functions/v1/<name>` as Supabase serves it. With verify_jwt on (every function, unless
 * `verifyJwt` names it false, as supabase/config.toml does) a request without a valid project JWT
 * (or API key) is refused by the gateway with 401; anything else reaches the function, which
 * decides itself what the caller may do.
 */
export function createFunctionsHandler(
  functions: Readonly<Record<string, EdgeFunction>>,
  keys: JwtKeys,
  verifyJwt: Readonly<Record<string, boolean>> = {},
): (request: LocalRequest, name: string) => Promise<LocalResponse> {
  return async (request, name) => {
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!fn) return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    if (verifyJwt[name] !== false) {
      const token = requestToken(request, keys);
      if (token === null || token === '') {
        return json(401, { code: 401, message: 'Missing authorization header' });
      }
      const verified = await keys.verify(token, 30);
      if (!verified.ok) return json(401, { code: 401, message: 'Invalid JWT' });
    }
    return fromWebResponse(await fn(toWebRequest(request)));
  };
}
