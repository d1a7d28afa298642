import { Seo } from '@/components/layout/seo';

export default function ServicesPage() {
  return (
    <>
      <Seo
        title="Data, AI & Digital Services"
        description="Thirteen data services, four AI services and four digital services, from data strategy and governance to generative AI and cloud platforms."
        path="/services"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Data, AI & Digital Services</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Thirteen data services, four AI services and four digital services, from data strategy and governance to generative AI and cloud platforms.</p>
      </section>
    </>
  );
}
