import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import { FormField, inputClass } from '@/components/ui/form-field';
import { serviceInterestOptions, timelineOptions } from '@/content/contact-options';
import type { EnquiryFormValues } from '@/features/contact/enquiry-schema';

type Props = {
  register: UseFormRegister<EnquiryFormValues>;
  errors: FieldErrors<EnquiryFormValues>;
};

type TextFieldName = 'fullName' | 'email' | 'company' | 'jobTitle' | 'phone';

const textFields: readonly {
  name: TextFieldName;
  label: string;
  type: string;
  autoComplete: string;
  required: boolean;
}[] = [
  { name: 'fullName', label: 'Full Name', type: 'text', autoComplete: 'name', required: true },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', required: true },
  {
    name: 'company',
    label: 'Company/Organisation',
    type: 'text',
    autoComplete: 'organization',
    required: true,
  },
  {
    name: 'jobTitle',
    label: 'Job Title',
    type: 'text',
    autoComplete: 'organization-title',
    required: false,
  },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: false },
];

/** The enquiry form's fields, in reading order, plus the hidden honeypot. */
export function EnquiryFields({ register, errors }: Props) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {textFields.map(({ name, label, type, autoComplete, required }) => (
        <FormField
          key={name}
          id={`enquiry-${name}`}
          label={label}
          required={required}
          error={errors[name]?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register(name)}
              type={type}
              autoComplete={autoComplete}
              className={inputClass}
            />
          )}
        </FormField>
      ))}
      <FormField
        id="enquiry-serviceInterest"
        label="Service Interest"
        required
        error={errors.serviceInterest?.message}
      >
        {(control) => (
          <select {...control} {...register('serviceInterest')} className={inputClass}>
            <option value="">Select a service</option>
            {serviceInterestOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="enquiry-timeline"
        label="Project Timeline"
        required
        error={errors.timeline?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <select {...control} {...register('timeline')} className={inputClass}>
            <option value="">Select a timeline</option>
            {timelineOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="enquiry-message"
        label="Message/Requirements"
        required
        error={errors.message?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            {...register('message')}
            rows={5}
            className={`${inputClass} min-h-[120px] resize-y`}
          />
        )}
      </FormField>
      {/* Honeypot: off-screen and out of the tab order; people never see it, bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="enquiry-website">Website</label>
        <input
          id="enquiry-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register('website')}
        />
      </div>
    </div>
  );
}
