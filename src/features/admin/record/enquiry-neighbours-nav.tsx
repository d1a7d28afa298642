import type { ReactNode } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { ArrowLeftIcon, ArrowRightIcon } from '@/components/ui/icons';
import type { NeighbourActions } from '@/features/admin/record/enquiry-neighbours';
import { useLeaveRecord } from '@/features/admin/record/record-leave-guard';

/**
 * aria-disabled rather than disabled, as in the list's paging: a disabled button drops keyboard
 * focus, which would throw a keyboard user out of the dialog's bar at the list's end.
 */
function StepButton({
  onStep,
  className,
  children,
}: {
  onStep: (() => void) | null;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-disabled={onStep === null || undefined}
      onClick={() => onStep?.()}
      className={buttonClass({
        variant: 'outline',
        size: 'sm',
        className: `min-h-11 aria-disabled:cursor-not-allowed aria-disabled:text-slate-600 aria-disabled:hover:border-slate-300 aria-disabled:hover:bg-white sm:min-h-0 ${className}`,
      })}
    >
      {children}
    </button>
  );
}

/**
 * The bar at the top of an enquiry's record: Previous and Next enquiry in the list behind the
 * dialog, in its order, and where this one stands in it. Each step leaves the record, so with
 * unsent text it asks first.
 */
export function EnquiryNeighboursNav({ neighbours }: { neighbours: NeighbourActions }) {
  const leave = useLeaveRecord();
  const { position, total } = neighbours;
  const guarded = (step: (() => void) | null) => (step ? () => leave(step) : null);
  const previous = guarded(neighbours.previous);
  const next = guarded(neighbours.next);
  return (
    <nav
      aria-label="Enquiries in the list"
      className="grid grid-cols-2 items-center gap-2 border-b border-slate-200 px-3 py-2 sm:flex sm:justify-between sm:gap-3 sm:px-6"
    >
      {/* On a phone the place sits above the two buttons, side by side; from sm between them. */}
      <p aria-live="polite" className="col-span-2 text-sm text-ink-muted sm:order-2">
        {position === null ? 'Not in the list on screen' : `${position} of ${total} in the list`}
      </p>
      <StepButton onStep={previous} className="sm:order-1">
        <ArrowLeftIcon className="hidden size-4 sm:block" />
        {/* One line on a phone; the name stays "Previous enquiry" at every width. */}
        Previous <span className="max-sm:sr-only">enquiry</span>
      </StepButton>
      <StepButton onStep={next} className="sm:order-3">
        Next <span className="max-sm:sr-only">enquiry</span>
        <ArrowRightIcon className="hidden size-4 sm:block" />
      </StepButton>
    </nav>
  );
}
