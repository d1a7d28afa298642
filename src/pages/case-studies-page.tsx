import { Seo } from '@/components/layout/seo';

export default function CaseStudiesPage() {
  return (
    <>
      <Seo
        title="Case Studies"
        description="How we have helped payment providers, fintechs, energy and retail organisations turn data into measurable results. Read the full case studies."
        path="/case-studies"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Case Studies</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">How we have helped payment providers, fintechs, energy and retail organisations turn data into measurable results. Read the full case studies.</p>
      </section>
    </>
  );
}
