export type SelectOption = { value: string; label: string };

type SelectOptionsProps = {
  /** The first option, with an empty value: "Select a service", "All timelines". */
  placeholder?: string;
  options: readonly SelectOption[];
};

/** The <option>s of a <select>: the empty placeholder first, then one per value. */
export function SelectOptions({ placeholder, options }: SelectOptionsProps) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
