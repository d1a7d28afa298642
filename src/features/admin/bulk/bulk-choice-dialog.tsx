import { useState } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { FormField, inputClass } from '@/components/ui/form-field';
import { SelectOptions, type SelectOption } from '@/components/ui/select-options';
import {
  choiceTitle,
  WORKFLOW_STATUSES,
  type WorkflowStatus,
} from '@/features/admin/bulk/bulk-enquiry-action';
import { staffLabel, type StaffMember } from '@/features/admin/record/enquiry-workflow';
import { statusLabel } from '@/features/admin/shared/enquiry-status';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The select's label and its empty first option. */
  label: string;
  placeholder: string;
  options: readonly SelectOption[];
  /** The confirming button's label for the chosen value ('' before one is chosen). */
  confirmLabel: (value: string) => string;
  /** The action is running: the button says so and waits. */
  busyLabel: string | null;
  onConfirm: (value: string) => void;
};

/**
 * Asks for the one value a bulk action needs (who, or which status) and confirms it: nothing
 * changes until a value is picked and the button is pressed. Each opening starts unpicked.
 */
function BulkChoiceDialog({
  open,
  onClose,
  title,
  description,
  label,
  placeholder,
  options,
  confirmLabel,
  busyLabel,
  onConfirm,
}: Props) {
  const [value, setValue] = useState('');
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setValue('');
  }

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      closeLabel="Cancel"
      actions={[
        {
          label: busyLabel ?? confirmLabel(value),
          variant: 'primary',
          disabled: !value || busyLabel !== null,
          onClick: () => onConfirm(value),
        },
      ]}
    >
      <div className="px-6 py-4">
        <FormField id="bulk-choice" label={label}>
          {(control) => (
            <select
              {...control}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className={inputClass}
            >
              <SelectOptions placeholder={placeholder} options={options} />
            </select>
          )}
        </FormField>
      </div>
    </DialogShell>
  );
}

type ValueDialogProps = {
  open: boolean;
  onClose: () => void;
  /** How many enquiries are selected: the title names it. */
  count: number;
  busyLabel: string | null;
};

const NO_ONE = 'none';

/** Assign the selected enquiries to a staff member (by name, else address), or to no one. */
export function BulkAssignDialog({
  staff,
  onAssign,
  ...props
}: ValueDialogProps & {
  staff: readonly StaffMember[];
  onAssign: (assignee: string | null) => void;
}) {
  return (
    <BulkChoiceDialog
      {...props}
      title={choiceTitle('assign', props.count)}
      description="Choose who works the selected enquiries, or no one. One entry in the audit log records the change."
      label="Assign to"
      placeholder="Choose a person"
      options={[
        ...staff.map((member) => ({ value: member.id, label: staffLabel(member) })),
        { value: NO_ONE, label: 'No one (unassign)' },
      ]}
      confirmLabel={(value) => (value === NO_ONE ? 'Unassign' : 'Assign')}
      onConfirm={(value) => onAssign(value === NO_ONE ? null : value)}
    />
  );
}

const statusOptions = WORKFLOW_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** Set the selected enquiries to one workflow status (spam has its own action). */
export function BulkStatusDialog({
  onSet,
  ...props
}: ValueDialogProps & { onSet: (status: WorkflowStatus) => void }) {
  return (
    <BulkChoiceDialog
      {...props}
      title={choiceTitle('status', props.count)}
      description="One entry in the audit log records the change."
      label="Status"
      placeholder="Choose a status"
      options={statusOptions}
      confirmLabel={() => 'Set status'}
      onConfirm={(value) => {
        const status = WORKFLOW_STATUSES.find((each) => each === value);
        if (status) onSet(status);
      }}
    />
  );
}
