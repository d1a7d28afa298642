import { RpcError } from '@/lib/rpc-error';

const refusals: Record<string, string> = {
  '42501':
    'Only staff admins signed in with their authenticator code can see or change availability.',
  '23514': 'The database refused a value out of its range. Check the fields and save again.',
};

/** Refusals named by their hint, which say more than the error code alone. */
const hintedRefusals: Record<string, string> = {
  staff_hours_overlap: 'These hours overlap other hours on the same day.',
  staff_availability_not_staff: 'Only staff with the admin role take consultations.',
  staff_availability_time_zone_invalid: 'The time zone is not one the database knows.',
};

/**
 * A refused or failed read or write of the availability tables and functions, with a message to
 * show as it is. supabase-js gives a request that never reached the database an empty code.
 */
export function availabilityError(error: {
  code?: string;
  message: string;
  hint?: string | null;
}): RpcError {
  if (!error.code) {
    return new RpcError(
      error.code,
      'The database could not be reached. Check the connection and try again.',
    );
  }
  const message =
    (error.hint && hintedRefusals[error.hint]) ?? refusals[error.code] ?? error.message;
  return new RpcError(error.code, message);
}
