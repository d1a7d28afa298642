import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import {
  checkRules,
  rulesDraftOf,
  RULE_LIMITS,
  saveBookingSettings,
  type BookingSettings,
  type Rules,
  type RulesDraft,
  type RulesErrors,
} from '@/features/admin/availability/booking-rules';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  staffId: string;
  settings: BookingSettings;
  /** Unsaved rules kept from an earlier visit, to start from instead of what is saved. */
  draft?: RulesDraft;
  /** Told the rules as typed from the first keystroke, or undefined once they are saved. */
  onDraftChange: (draft: RulesDraft | undefined) => void;
};

const sameRules = (a: RulesDraft, b: RulesDraft) =>
  a.buffer === b.buffer && a.notice === b.notice && a.horizon === b.horizon;

const fields: {
  name: keyof RulesDraft;
  label: string;
  hint: string;
  decimal?: boolean;
}[] = [
  {
    name: 'buffer',
    label: 'Buffer between meetings (minutes)',
    hint: `Free time kept before and after each consultation, 0 to ${RULE_LIMITS.bufferMinutes}.`,
  },
  {
    name: 'notice',
    label: 'Minimum notice (hours)',
    hint: `How soon a prospect may book, 0 to ${RULE_LIMITS.noticeHours}; 1.5 is an hour and a half.`,
    decimal: true,
  },
  {
    name: 'horizon',
    label: 'How far ahead (days)',
    hint: `How many days ahead prospects may book, 1 to ${RULE_LIMITS.horizonDays}.`,
  },
];

/** The buffer, the minimum notice and how far ahead, checked and saved together. */
export function BookingRulesForm({ staffId, settings, draft: kept, onDraftChange }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RulesDraft>(() => kept ?? rulesDraftOf(settings));
  function edit(next: RulesDraft) {
    setDraft(next);
    onDraftChange(sameRules(next, rulesDraftOf(settings)) ? undefined : next);
  }
  const [errors, setErrors] = useState<RulesErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const saving = useMutation({
    mutationFn: (rules: Rules) => saveBookingSettings(client, staffId, rules),
    onSuccess: (row) => {
      queryClient.setQueryData(availabilityKeys.settings(staffId), row);
      setDraft(rulesDraftOf(row));
      onDraftChange(undefined);
      setOutcome({ tone: 'ok', text: 'Booking rules saved.' });
    },
    onError: (failure) =>
      setOutcome({
        tone: 'error',
        text: `Booking rules not saved: ${rpcErrorMessage(failure)} Your changes are still here.`,
      }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.isPending) return;
    const checked = checkRules(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome(null);
      const first = fields.find(({ name }) => checked.errors[name]);
      if (first) document.getElementById(`booking-rule-${first.name}`)?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    saving.mutate(checked.rules);
  }

  return (
    <form aria-label="Booking rules" noValidate onSubmit={handleSubmit} className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        {fields.map(({ name, label, hint, decimal }) => (
          <FormField
            key={name}
            id={`booking-rule-${name}`}
            label={label}
            hint={hint}
            error={errors[name]}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode={decimal ? 'decimal' : 'numeric'}
                autoComplete="off"
                value={draft[name]}
                onChange={(event) => edit({ ...draft, [name]: event.target.value })}
                className={`${inputClass} max-w-40`}
              />
            )}
          </FormField>
        ))}
      </div>
      <OutcomeMessage outcome={outcome} />
      <div className="flex justify-end">
        <button
          type="submit"
          aria-disabled={saving.isPending || undefined}
          className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
        >
          {saving.isPending ? 'Saving…' : 'Save booking rules'}
        </button>
      </div>
    </form>
  );
}
