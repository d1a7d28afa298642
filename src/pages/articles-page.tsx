import { Seo } from '@/components/layout/seo';

export default function ArticlesPage() {
  return (
    <>
      <Seo
        title="Latest Articles & Insights"
        description="Articles and insights on data, AI and digital strategy from Kestrel Data consultants, published on LinkedIn."
        path="/articles"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Latest Articles & Insights</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Articles and insights on data, AI and digital strategy from Kestrel Data consultants, published on LinkedIn.</p>
      </section>
    </>
  );
}
