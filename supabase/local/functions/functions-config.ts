import { readNodeEnv } from '../../../scripts/env/node-env.ts';
import type { EnquiryLimitsOption, EnquiryMailOptions } from '../server.ts';

/**
 * The notification settings of `npm run backend`, from the environment. Each bad value is
 * refused with a message naming its variable.
 */
export function enquiryMailOptionsFromEnv(env: NodeJS.ProcessEnv): {
  enquiryMail: EnquiryMailOptions;
  enquiryLimits: EnquiryLimitsOption;
} {
  const checked = readNodeEnv(env, [
    'ENQUIRY_NOTIFY_TO',
    'MAIL_FROM',
    'MAIL_API_URL',
    'MAIL_API_KEY',
    'LOCAL_ENQUIRY_MAIL_INTERVAL_MS',
    'LOCAL_ENQUIRY_LIMITS',
  ]);
  return {
    enquiryMail: {
      notifyTo: checked.ENQUIRY_NOTIFY_TO,
      from: checked.MAIL_FROM,
      apiUrl: checked.MAIL_API_URL,
      apiKey: checked.MAIL_API_KEY,
      intervalMs: checked.LOCAL_ENQUIRY_MAIL_INTERVAL_MS,
      runAfterInsert: true,
    },
    enquiryLimits: checked.LOCAL_ENQUIRY_LIMITS,
  };
}
