import { describe, expect, it } from 'vitest';

import { limits } from '@/config/site';
import { contactSectionContent } from '@/content/home';

import { ACKNOWLEDGEMENT_TEXT } from '../../../supabase/functions/send-enquiry-mail/render';

// The Edge Function deploys without src/, so its acknowledgement keeps its own copy of the promise.
describe('the reply promise', () => {
  it('states the configured reply time on the site', () => {
    expect(contactSectionContent.replyPromise).toBe(
      `We'll get back to you within ${limits.enquiryReplyHours} hours.`,
    );
  });

  it('is the same sentence in the acknowledgement e-mail the Edge Function sends', () => {
    expect(ACKNOWLEDGEMENT_TEXT.split('\n')).toContain(contactSectionContent.replyPromise);
  });
});
