import { buttonClass, type ButtonSize, type ButtonVariant } from '@/components/ui/button-styles';

export type ButtonAction = {
  label: string;
  variant: ButtonVariant;
  onClick: () => void;
  disabled?: boolean;
  /** Extra classes, e.g. the red of a destructive action. */
  className?: string;
};

type ActionButtonsProps = { actions: readonly ButtonAction[]; size?: ButtonSize };

/** Plain buttons from a list, in the order given; the caller lays them out. */
export function ActionButtons({ actions, size = 'sm' }: ActionButtonsProps) {
  // Keyed by place: a label may change while the button is pressed ("Erase" → "Erasing…"), and
  // a new key would replace the button and drop its focus.
  return actions.map(({ label, variant, onClick, disabled, className }, place) => (
    <button
      key={place}
      type="button"
      disabled={disabled}
      onClick={onClick}
      className={buttonClass({ variant, size, className })}
    >
      {label}
    </button>
  ));
}
