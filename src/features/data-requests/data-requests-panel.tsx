import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { dataRequestFileName, downloadJson } from '@/features/data-requests/download-json';
import {
  DataRequestError,
  describeCounts,
  emailProblem,
  eraseSubject,
  lookUpSubject,
  subjectTables,
  totalHeld,
  type ErasureCounts,
  type SubjectData,
} from '@/features/data-requests/subject-data';
import type { AppSupabaseClient } from '@/lib/supabase';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'found'; data: SubjectData }
  | { kind: 'erased'; email: string; counts: ErasureCounts }
  | { kind: 'failed'; message: string };

function messageOf(error: unknown): string {
  return error instanceof DataRequestError
    ? error.message
    : 'Something went wrong. Try again in a moment.';
}

/**
 * Access, portability and erasure for one e-mail address: look up what the database holds,
 * download it as JSON, or erase it after a confirmation naming the address and the counts. The
 * database checks the admin role and writes the audit entries; this only asks and shows.
 */
export function DataRequestsPanel({ client }: { client: AppSupabaseClient }) {
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  // after an erasure the summary (and the button that opened the dialog) is gone: focus goes to
  // the confirmation instead of falling back to the page.
  const erasedMessage = useRef<HTMLParagraphElement>(null);

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailProblem(email);
    setFieldError(problem ?? undefined);
    if (problem) return;
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'found', data: await lookUpSubject(client, email) });
    } catch (error) {
      setState({ kind: 'failed', message: messageOf(error) });
    }
  }

  async function erase(address: string) {
    setErasing(true);
    try {
      const counts = await eraseSubject(client, address);
      setConfirming(false);
      setState({ kind: 'erased', email: address, counts });
    } catch (error) {
      setConfirming(false);
      setState({ kind: 'failed', message: messageOf(error) });
    } finally {
      setErasing(false);
    }
  }

  const found = state.kind === 'found' ? state.data : null;

  return (
    <div className="space-y-6">
      <form
        aria-label="Find a person's data"
        noValidate
        onSubmit={lookUp}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <FormField
          id={fieldId}
          label="E-mail address"
          required
          error={fieldError}
          hint="The address the person used in their enquiry; any upper or lower case."
          className="grow"
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <button
          type="submit"
          disabled={state.kind === 'busy'}
          className={buttonClass({ className: 'sm:mb-[1.625rem]' })}
        >
          {state.kind === 'busy' ? 'Looking up…' : 'Look up'}
        </button>
      </form>

      <div role="status" aria-live="polite">
        {state.kind === 'failed' ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'erased' ? (
          <p
            ref={erasedMessage}
            tabIndex={-1}
            className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900"
          >
            Erased all data held for <strong className="break-all">{state.email}</strong>:{' '}
            {describeCounts(state.counts)} deleted
            {state.counts.audit_log_scrubbed > 0
              ? `, and the address removed from ${state.counts.audit_log_scrubbed} audit log ${
                  state.counts.audit_log_scrubbed === 1 ? 'entry' : 'entries'
                }`
              : ''}
            . The audit log records that an erasure took place, without the address.
          </p>
        ) : null}
      </div>

      {found ? (
        <section
          aria-labelledby="subject-summary-heading"
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="subject-summary-heading" className="text-xl font-bold break-all text-ink">
            Data held for {found.email}
          </h2>
          {totalHeld(found.counts) === 0 ? (
            <p className="text-ink-muted">Nothing is held under this address.</p>
          ) : null}
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 sm:max-w-md">
            {subjectTables.map(({ key, label }) => (
              <div key={key} className="contents">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="text-right font-semibold text-ink tabular-nums">
                  {found.counts[key]}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => downloadJson(dataRequestFileName(found.generated_at), found)}
              className={buttonClass({ variant: 'outline' })}
            >
              Download JSON
            </button>
            <button
              type="button"
              disabled={totalHeld(found.counts) === 0}
              onClick={() => setConfirming(true)}
              className={buttonClass({
                variant: 'secondary',
                className: 'bg-red-700 hover:bg-red-800',
              })}
            >
              Erase all data
            </button>
          </div>
        </section>
      ) : null}

      <Dialog.Root open={confirming && found !== null} onOpenChange={setConfirming}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/60" />
          <Dialog.Content
            role="alertdialog"
            onCloseAutoFocus={(event) => {
              if (!erasedMessage.current) return;
              event.preventDefault();
              erasedMessage.current.focus();
            }}
            className="fixed top-1/2 left-1/2 z-[71] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
          >
            <Dialog.Title className="text-xl font-bold break-all text-ink">
              Erase all data for {found?.email}?
            </Dialog.Title>
            <Dialog.Description className="text-ink-muted">
              This deletes {found ? describeCounts(found.counts) : ''} held for this address and
              removes the address from the audit log. It cannot be undone.
            </Dialog.Description>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close className={buttonClass({ variant: 'outline' })}>Cancel</Dialog.Close>
              <button
                type="button"
                disabled={erasing}
                onClick={() => found && void erase(found.email)}
                className={buttonClass({
                  variant: 'secondary',
                  className: 'bg-red-700 hover:bg-red-800',
                })}
              >
                {erasing ? 'Erasing…' : 'Erase all data'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
