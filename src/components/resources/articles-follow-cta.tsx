import { buttonClass } from '@/components/ui/button-styles';
import { CtaBanner } from '@/components/ui/cta-banner';
import { ExternalLink } from '@/components/ui/external-link';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';
import { site } from '@/config/site';
import { articlesPageContent } from '@/content/resources-copy';

/** Closing call to action of /articles: follow the company on LinkedIn. */
export function ArticlesFollowCta() {
  const { closing } = articlesPageContent;
  return (
    <CtaBanner
      id="articles-follow-heading"
      heading={closing.heading}
      body={closing.body}
      lead={<LinkedInIcon className="mx-auto size-10 text-white" />}
    >
      <p className="mt-3 text-base font-bold text-white">{closing.socialProof}</p>
      <ExternalLink
        href={site.linkedinUrl}
        className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
      >
        <LinkedInIcon />
        {closing.ctaLabel}
      </ExternalLink>
    </CtaBanner>
  );
}
