import { buttonClass } from '@/components/ui/button-styles';

/** A change the database refused because a colleague changed the same thing first, and the way on. */
export type RefusedChange = {
  /** "Status was changed to Won by Ada Lovelace at 14:02; your change to In progress was not saved." */
  description: string;
  /** Makes the change over the colleague's, knowingly; absent where that cannot make sense. */
  applyAnyway?: () => void;
  /** Keeps the colleague's change and drops this one. */
  dismiss: () => void;
};

/**
 * The refusal, named and explained, with Apply anyway and Keep theirs (or only Dismiss when there
 * is nothing to apply). `showing` says where the screen now shows the colleague's value.
 */
export function RefusedChangeNotice({
  refused,
  showing,
}: {
  refused: RefusedChange;
  showing: string;
}) {
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-ink"
    >
      <p>{refused.description}</p>
      <p>{showing}</p>
      <div className="flex flex-wrap gap-2">
        {refused.applyAnyway ? (
          <button
            type="button"
            onClick={refused.applyAnyway}
            className={buttonClass({ variant: 'outline', size: 'sm', className: 'min-h-6' })}
          >
            Apply anyway
          </button>
        ) : null}
        <button
          type="button"
          onClick={refused.dismiss}
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'min-h-6' })}
        >
          {refused.applyAnyway ? 'Keep theirs' : 'Dismiss'}
        </button>
      </div>
    </div>
  );
}
