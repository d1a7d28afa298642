import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';

import { FormField, inputClass, type FieldControlProps } from '@/components/ui/form-field';
import { SelectOptions, type SelectOption } from '@/components/ui/select-options';
import { serviceInterestOptions, timelineOptions } from '@/content/contact-options';
import type { EnquiryFormValues } from '@/features/contact/enquiry-schema';

type Props = {
  register: UseFormRegister<EnquiryFormValues>;
  errors: FieldErrors<EnquiryFormValues>;
};

type Field = {
  name: Exclude<keyof EnquiryFormValues, 'website'>;
  label: string;
  required: boolean;
  /** Spans both columns from the small breakpoint up. */
  wide?: boolean;
} & (
  | { control: 'input'; type: string; autoComplete: string }
  | { control: 'select'; placeholder: string; options: readonly SelectOption[] }
  | { control: 'textarea' }
);

/** The visible fields in reading order. */
const fields: readonly Field[] = [
  {
    name: 'fullName',
    label: 'Full Name',
    required: true,
    control: 'input',
    type: 'text',
    autoComplete: 'name',
  },
  {
    name: 'email',
    label: 'Email Address',
    required: true,
    control: 'input',
    type: 'email',
    autoComplete: 'email',
  },
  {
    name: 'company',
    label: 'Company/Organisation',
    required: true,
    control: 'input',
    type: 'text',
    autoComplete: 'organization',
  },
  {
    name: 'jobTitle',
    label: 'Job Title',
    required: false,
    control: 'input',
    type: 'text',
    autoComplete: 'organization-title',
  },
  {
    name: 'phone',
    label: 'Phone Number',
    required: false,
    control: 'input',
    type: 'tel',
    autoComplete: 'tel',
  },
  {
    name: 'serviceInterest',
    label: 'Service Interest',
    required: true,
    control: 'select',
    placeholder: 'Select a service',
    options: serviceInterestOptions,
  },
  {
    name: 'timeline',
    label: 'Project Timeline',
    required: true,
    wide: true,
    control: 'select',
    placeholder: 'Select a timeline',
    options: timelineOptions,
  },
  {
    name: 'message',
    label: 'Message/Requirements',
    required: true,
    wide: true,
    control: 'textarea',
  },
];

function renderControl(field: Field, props: FieldControlProps & UseFormRegisterReturn) {
  switch (field.control) {
    case 'select':
      return (
        <select {...props} className={inputClass}>
          <SelectOptions placeholder={field.placeholder} options={field.options} />
        </select>
      );
    case 'textarea':
      return <textarea {...props} rows={5} className={`${inputClass} min-h-[120px] resize-y`} />;
    default:
      return (
        <input
          {...props}
          type={field.type}
          autoComplete={field.autoComplete}
          className={inputClass}
        />
      );
  }
}

/** The enquiry form's fields, in reading order, plus the hidden honeypot. */
export function EnquiryFields({ register, errors }: Props) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`enquiry-${field.name}`}
          label={field.label}
          required={field.required}
          error={errors[field.name]?.message}
          className={field.wide ? 'sm:col-span-2' : ''}
        >
          {(control) => renderControl(field, { ...control, ...register(field.name) })}
        </FormField>
      ))}
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
