import { Fragment } from 'react';

import { PolicyText } from '@/components/policy/policy-text';
import { ExternalLink } from '@/components/ui/external-link';
import type { Inline, InlineLink } from '@/content/types';

export const policyLinkClass =
  'font-semibold text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700';

/** A site path such as '/cookie-policy' (but not a protocol-relative '//host'). */
function isInternal(href: string) {
  return href.startsWith('/') && !href.startsWith('//');
}

function PolicyLink({ link }: { link: InlineLink }) {
  if (isInternal(link.href)) {
    return (
      <a href={link.href} className={policyLinkClass}>
        {link.text}
      </a>
    );
  }
  if (/^https?:\/\//.test(link.href)) {
    return (
      <ExternalLink href={link.href} className={policyLinkClass}>
        {link.text}
      </ExternalLink>
    );
  }
  // mailto:, tel: and anything else the browser handles itself.
  return (
    <a href={link.href} className={`${policyLinkClass} break-words`}>
      {link.text}
    </a>
  );
}

/** A run of text and links: internal links route in the app, external ones open a new tab. */
export function PolicyInline({ content }: { content: readonly Inline[] }) {
  return (
    <>
      {content.map((part, index) => (
        <Fragment key={index}>
          {typeof part === 'string' ? <PolicyText text={part} /> : <PolicyLink link={part} />}
        </Fragment>
      ))}
    </>
  );
}
