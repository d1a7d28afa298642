import { buttonClass } from '@/components/ui/button-styles';
import { ExternalLink } from '@/components/ui/external-link';
import { LinkedInIcon } from '@/components/ui/icons';
import { site } from '@/config/site';
import { articlesPageContent } from '@/content/page-copy';

/** Closing call to action of /articles: follow the company on LinkedIn. */
export function ArticlesFollowCta() {
  const { closing } = articlesPageContent;
  return (
    <section aria-labelledby="articles-follow-heading" className="container-page py-16 sm:py-20">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-ink via-brand-900 to-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_15%_20%,rgba(255,255,255,0.14),transparent_45%)]"
        />
        <div className="relative mx-auto max-w-2xl">
          <LinkedInIcon className="mx-auto size-10 text-white" />
          <h2
            id="articles-follow-heading"
            className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl"
          >
            {closing.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-100">{closing.body}</p>
          <p className="mt-3 text-base font-bold text-white">{closing.socialProof}</p>
          <ExternalLink
            href={site.linkedinUrl}
            className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            <LinkedInIcon />
            {closing.ctaLabel}
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
