import { buttonClass } from '@/components/ui/button-styles';

type Props = {
  /** What the draft is of, for the Discard button's name: "the reply". */
  what: string;
  onDiscard: () => void;
};

/** Above a box that came back from this browser's drafts: says so and offers to discard it. */
export function DraftRestoredNotice({ what, onDiscard }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-ink">
      <p className="font-semibold">Draft restored</p>
      <button
        type="button"
        aria-label={`Discard the draft of ${what}`}
        onClick={onDiscard}
        className={buttonClass({
          variant: 'outline',
          size: 'sm',
          className: 'min-h-11 sm:min-h-8',
        })}
      >
        Discard
      </button>
    </div>
  );
}
