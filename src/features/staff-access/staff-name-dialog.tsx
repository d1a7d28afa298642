import { useId, useState, type FormEvent } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { FormField, inputClass } from '@/components/ui/form-field';
import { EmailText } from '@/features/staff-access/email-text';
import { setStaffName, type StaffMember } from '@/features/staff-access/staff-access';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

const MAX_NAME_LENGTH = 100;

/** The database's own limits, checked first so the common mistakes need no round trip. */
function nameProblem(name: string): string | undefined {
  if (!name) return 'Enter a name, e.g. Jo Bloggs.';
  if (name.length > MAX_NAME_LENGTH) return `A name can be at most ${MAX_NAME_LENGTH} characters.`;
  return undefined;
}

type StaffNameDialogProps = {
  /** Whose name is edited; null when the dialog is closed. */
  member: StaffMember | null;
  onClose: () => void;
  onSaved: (member: StaffMember, name: string) => void;
};

/** Sets a staff member's display name through set_staff_name(), which has the last word. */
export function StaffNameDialog({ member, onClose, onSaved }: StaffNameDialogProps) {
  const client = useSupabaseClient();
  const fieldId = useId();
  const [value, setValue] = useState(member?.display_name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function save() {
    if (!member) return;
    const name = value.trim();
    const problem = nameProblem(name);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      onSaved(member, await setStaffName(client, member.user_id, name));
    } catch (failure) {
      setError(rpcErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  return (
    <DialogShell
      open={member !== null}
      onClose={onClose}
      title="Staff name"
      description={
        member ? (
          <>
            The name shown for <EmailText email={member.email} />.
          </>
        ) : (
          ''
        )
      }
      closeLabel="Cancel"
      actions={[
        {
          label: saving ? 'Saving…' : 'Save name',
          variant: 'primary',
          disabled: saving,
          onClick: () => void save(),
        },
      ]}
    >
      <form aria-label="Staff name" noValidate onSubmit={submit} className="px-6 py-4">
        <FormField id={fieldId} label="Name" required error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              maxLength={MAX_NAME_LENGTH + 20}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
      </form>
    </DialogShell>
  );
}
