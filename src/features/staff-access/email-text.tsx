import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to, before the @ and after each dot
 * (`ada.lovelace@` / `example.co.uk`), rather than one or two letters a line; a part still too
 * long for its box breaks anywhere as a last resort.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, place) => (
        <Fragment key={place}>
          {place > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
