import { Seo } from '@/components/layout/seo';

export default function ModernSlaveryPage() {
  return (
    <>
      <Seo
        title="Modern Slavery Statement"
        description="Our statement on preventing modern slavery and human trafficking in our business and supply chain: policies, due diligence and supplier checks."
        path="/modern-slavery"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Modern Slavery Statement</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Our statement on preventing modern slavery and human trafficking in our business and supply chain: policies, due diligence and supplier checks.</p>
      </section>
    </>
  );
}
