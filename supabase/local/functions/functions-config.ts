import { EnvError } from '../env-config.ts';
import type { EnquiryLimitsOption, EnquiryMailOptions } from '../server.ts';

/**
 * The notification settings of `npm run backend`, from the environment. Each bad value is
 * refused with a message naming its variable.
 */
export function enquiryMailOptionsFromEnv(env: NodeJS.ProcessEnv): {
  enquiryMail: EnquiryMailOptions;
  enquiryLimits: EnquiryLimitsOption;
} {
  const text = (name: string) => env[name]?.trim() || undefined;
  const address = (name: string) => {
    const value = text(name);
    if (
      value !== undefined &&
      !/^[^\s@]+@[^\s@]+$/.test(value) &&
      !/^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$/.test(value)
    ) {
      throw new EnvError(`${name} must be an e-mail address (or "Name <address>"), got "${value}"`);
    }
    return value;
  };
  const apiUrl = text('MAIL_API_URL');
  if (apiUrl !== undefined) {
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(apiUrl).protocol);
    } catch {
      valid = false;
    }
    if (!valid) throw new EnvError(`MAIL_API_URL must be an http(s) URL, got "${apiUrl}"`);
  }
  const rawInterval = text('LOCAL_ENQUIRY_MAIL_INTERVAL_MS') ?? '3000';
  if (!/^\d+$/.test(rawInterval) || (Number(rawInterval) > 0 && Number(rawInterval) < 250)) {
    throw new EnvError(
      `LOCAL_ENQUIRY_MAIL_INTERVAL_MS must be 0 (no timer) or at least 250 milliseconds, got "${rawInterval}"`,
    );
  }
  const limits = text('LOCAL_ENQUIRY_LIMITS') ?? 'local';
  if (limits !== 'local' && limits !== 'migrated') {
    throw new EnvError(`LOCAL_ENQUIRY_LIMITS must be "local" or "migrated", got "${limits}"`);
  }
  return {
    enquiryMail: {
      notifyTo: address('ENQUIRY_NOTIFY_TO'),
      from: address('MAIL_FROM'),
      apiUrl,
      apiKey: text('MAIL_API_KEY'),
      intervalMs: Number(rawInterval),
      runAfterInsert: true,
    },
    enquiryLimits: limits,
  };
}
