import { Seo } from '@/components/layout/seo';

export default function AboutPage() {
  return (
    <>
      <Seo
        title="About Us & Our Team"
        description="Meet the consultants behind Kestrel Data: strategists, engineers and data scientists with 30+ years combined experience across 10+ industries."
        path="/about"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Meet the Team</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Meet the consultants behind Kestrel Data: strategists, engineers and data scientists with 30+ years combined experience across 10+ industries.</p>
      </section>
    </>
  );
}
