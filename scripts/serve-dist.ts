/**
 * Serves the static build the way a production static host does: clean URLs
 * (/about → about/index.html), 404.html with status 404 for unknown paths, compressed
 * responses, long-lived caching for hashed assets, and the headers in dist/_headers when present.
 *
 * Every file is compressed before the server listens, as a host serves files compressed at deploy
 * time: compressing on first request (brotli at its best level takes 0.6 s for the largest chunk
 * here, on the one thread that answers every request) stalled the first pages of an e2e run for
 * seconds while both workers asked for files not yet compressed.
 *
 *   npm run preview -- [--port N] [--host ADDRESS] [dir, default BUILD_DIR or dist]
 */
import { createServer, type ServerResponse } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';

import { BUILD_DIR } from './build-dir.ts';
import { headersForPath, parseHeadersFile, type HeaderRule } from './static-headers.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);
const MIN_COMPRESSED_BYTES = 512;

type Compressed = { br: Buffer; gzip: Buffer };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compress(body: Buffer): Promise<Compressed> {
  const [br, gz] = await Promise.all([brotliAsync(body), gzipAsync(body, { level: 9 })]);
  return { br, gzip: gz };
}

/** Every compressible file under root, compressed (zlib's thread pool does several at once). */
async function compressAll(root: string): Promise<Map<string, Compressed>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  const compressed = new Map<string, Compressed>();
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length > MIN_COMPRESSED_BYTES) compressed.set(file, await compress(body));
    }),
  );
  return compressed;
}

async function isFile(path: string) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = join(root, clean);
  if (!base.startsWith(root)) return null;
  const candidates = [base, join(base, 'index.html'), `${base}.html`];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return null;
}

export type DistServer = { url: string; close: () => Promise<void> };
export type ServeOptions = { host?: string };

export async function serveDist(
  dir: string,
  port: number,
  { host = '127.0.0.1' }: ServeOptions = {},
): Promise<DistServer> {
  const root = resolve(dir);
  let rules: HeaderRule[] = [];
  try {
    rules = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8'));
  } catch {
    rules = [];
  }
  const compressedCache = await compressAll(root);

  const send = async (
    res: ServerResponse,
    file: string,
    status: number,
    urlPath: string,
    accept: string,
  ) => {
    const ext = extname(file);
    let body: Buffer = await readFile(file);
    res.statusCode = status;
    res.setHeader('Content-Type', contentTypes[ext] ?? 'application/octet-stream');
    for (const [name, value] of headersForPath(rules, urlPath)) res.setHeader(name, value);
    if (!res.hasHeader('Cache-Control')) {
      res.setHeader(
        'Cache-Control',
        urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    if (compressible.has(ext) && body.length > MIN_COMPRESSED_BYTES) {
      let cached = compressedCache.get(file);
      if (!cached) {
        cached = await compress(body);
        compressedCache.set(file, cached);
      }
      res.setHeader('Vary', 'Accept-Encoding');
      if (/\bbr\b/.test(accept)) {
        res.setHeader('Content-Encoding', 'br');
        body = cached.br;
      } else if (/\bgzip\b/.test(accept)) {
        res.setHeader('Content-Encoding', 'gzip');
        body = cached.gzip;
      }
    }
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const accept = String(req.headers['accept-encoding'] ?? '');
    void (async () => {
      const file = await resolveFile(root, url.pathname);
      if (file) return send(res, file, 200, url.pathname, accept);
      const notFound = join(root, '404.html');
      if (await isFile(notFound)) return send(res, notFound, 404, url.pathname, accept);
      res.statusCode = 404;
      res.end('Not found');
    })().catch((error: unknown) => {
      console.error(error);
      res.statusCode = 500;
      res.end('Internal error');
    });
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, done);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export const previewUsage = `Usage: npm run preview -- [--port N] [--host ADDRESS] [dir]

Serves a static build (default ${BUILD_DIR}) as a static host does.
  --port N          the port to listen on (default $PORT, else 4173)
  --host ADDRESS    the address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  -h, --help        this text`;

export type PreviewArgs = { dir: string; port: number; host: string };

/** The preview server's options from its command line (and PORT), or the reason they are wrong. */
export function readPreviewArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): PreviewArgs | { help: true } | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length > 1)
    return { error: `Expected one directory, got: ${positionals.join(' ')}` };
  const portText = values.port ?? env.PORT ?? '4173';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65_535) {
    return { error: `The port must be a number from 1 to 65535, not "${portText}".` };
  }
  return { dir: positionals[0] ?? BUILD_DIR, port, host: values.host ?? '127.0.0.1' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = readPreviewArgs(process.argv.slice(2), process.env);
  if ('help' in args) {
    console.log(previewUsage);
    process.exit(0);
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${previewUsage}`);
    process.exit(2);
  }
  serveDist(args.dir, args.port, { host: args.host })
    .then(({ url }) => console.log(`Serving ${args.dir} at ${url}`))
    .catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      console.error(
        code === 'EADDRINUSE' ? `Port ${args.port} is already in use: pass --port.` : error,
      );
      process.exit(1);
    });
}
