/**
 * A database function refused or failed: the PostgREST error code, and a message written to be
 * shown to the admin as it is.
 */
export class RpcError extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** The message of an RpcError, or a general apology for anything unexpected. */
export function rpcErrorMessage(error: unknown): string {
  return error instanceof RpcError ? error.message : 'Something went wrong. Try again in a moment.';
}
