import { lazy } from 'react';

import { DeferredForm } from '@/page-loading/deferred-form';

const ContactForm = lazy(() => import('@/features/contact/contact-form'));

/** The form's size while its code loads on a client render, so the section does not jump. */
const placeholder = (
  <div className="min-h-[760px] rounded-2xl border border-slate-200 bg-white sm:min-h-[640px]" />
);

/**
 * The enquiry form, hydrated on demand (DeferredForm): its code (react-hook-form, zod/mini, the
 * form itself) loads only as the contact section nears the viewport or the visitor reaches into
 * the form, and an early submit waits for it.
 */
export function DeferredContactForm() {
  return <DeferredForm form={ContactForm} placeholder={placeholder} />;
}
