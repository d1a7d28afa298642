import { useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog-shell';
import { EmailForm } from '@/components/ui/email-form';
import { SectionCard } from '@/components/ui/section-card';
import { dataRequestFileName, downloadJson } from '@/features/data-requests/download-json';
import {
  emailProblem,
  eraseSubject,
  erasureDone,
  erasureWarning,
  lookUpSubject,
  subjectTables,
  totalHeld,
  type ErasureCounts,
  type SubjectData,
} from '@/features/data-requests/subject-data';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'found'; data: SubjectData }
  | { kind: 'erased'; email: string; counts: ErasureCounts }
  | { kind: 'failed'; message: string };

/** The heading, description and introduction of the data-requests page of the staff area. */
export const dataRequestsPage = {
  section: 'dataRequests',
  title: 'Data requests',
  description: 'Find, export and erase the data held about a person.',
  intro:
    'Answer a request to see, take away or erase personal data: look up an e-mail address to see what the database holds under it, download it as JSON, or erase it everywhere. Every look-up and erasure is recorded in the audit log.',
} as const;

/**
 * Access, portability and erasure for one e-mail address: look up what the database holds,
 * download it as JSON, or erase it after a confirmation naming the address and the counts. The
 * database checks the admin role and writes the audit entries; this only asks and shows.
 */
export function DataRequestsPanel() {
  const client = useSupabaseClient();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  // after an erasure the summary (and the button that opened the dialog) is gone: focus goes to
  // the confirmation instead of falling back to the page.
  const erasedMessage = useRef<HTMLParagraphElement>(null);

  async function lookUp() {
    const problem = emailProblem(email);
    setFieldError(problem ?? undefined);
    if (problem) return;
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'found', data: await lookUpSubject(client, email) });
    } catch (error) {
      setState({ kind: 'failed', message: rpcErrorMessage(error) });
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
      setState({ kind: 'failed', message: rpcErrorMessage(error) });
    } finally {
      setErasing(false);
    }
  }

  const found = state.kind === 'found' ? state.data : null;

  return (
    <div className="space-y-6">
      {/* One address needs no more than a form's width; full width it ran across a wide screen. */}
      <div className="max-w-2xl">
        <EmailForm
          name="Find a person's data"
          label="E-mail address"
          hint="The address the person used in their enquiry; any upper or lower case."
          error={fieldError}
          value={email}
          onValueChange={setEmail}
          onSubmit={() => void lookUp()}
          submitLabel={state.kind === 'busy' ? 'Looking up…' : 'Look up'}
          busy={state.kind === 'busy'}
        />
      </div>

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
            {erasureDone(state.counts)} The audit log records that an erasure took place, without
            the address.
          </p>
        ) : null}
      </div>

      {found ? (
        <SectionCard title={`Data held for ${found.email}`}>
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
        </SectionCard>
      ) : null}

      <DialogShell
        open={confirming && found !== null}
        onClose={() => setConfirming(false)}
        alert
        title={`Erase all data for ${found?.email ?? ''}?`}
        description={found ? erasureWarning(found.counts) : ''}
        closeLabel="Cancel"
        focusOnClose={() => erasedMessage.current}
        actions={[
          {
            label: erasing ? 'Erasing…' : 'Erase all data',
            variant: 'secondary',
            className: 'bg-red-700 hover:bg-red-800',
            disabled: erasing,
            onClick: () => found && void erase(found.email),
          },
        ]}
      />
    </div>
  );
}
