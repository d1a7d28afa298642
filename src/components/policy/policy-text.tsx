import { Fragment } from 'react';

/** Chemical formulae the policies use, typed plainly in the content ("CO2", "tCO2e"). */
const FORMULA = /CO2/g;

/**
 * Text of a policy with its formulae set properly: "tCO2e" is shown as tCO<sub>2</sub>e. The
 * content stays plain typed strings (searchable, and exact in meta tags); only the markup gains
 * the subscript. A screen reader still reads the whole word.
 */
export function PolicyText({ text }: { text: string }) {
  const parts = text.split(FORMULA);
  if (parts.length === 1) return text;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              CO<sub>2</sub>
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
