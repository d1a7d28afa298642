import { createServer, type Server } from 'node:net';

/**
 * A TCP listener on an address the calendar reader must never reach, counting every connection
 * made to it (each is closed at once). It listens on https's port when it may, so an address
 * without a port would reach it; else on a free port, which only addresses naming it reach.
 */
export interface InsideListener {
  host: string;
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Listens on `port` when given (and fails if it is taken), else as the comment above says. */
export async function startInsideListener(host: string, port?: number): Promise<InsideListener> {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  const bound =
    port === undefined
      ? await listen(server, host, 443).catch(() => listen(server, host, 0))
      : await listen(server, host, port);
  return {
    host,
    port: bound,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
