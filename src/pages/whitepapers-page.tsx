import { Seo } from '@/components/layout/seo';

export default function WhitepapersPage() {
  return (
    <>
      <Seo
        title="Whitepapers"
        description="Free in-depth whitepapers on data strategy, governance, AI and cloud migration from the Kestrel Data consultancy team. Download the PDFs."
        path="/whitepapers"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Whitepapers</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Free in-depth whitepapers on data strategy, governance, AI and cloud migration from the Kestrel Data consultancy team. Download the PDFs.</p>
      </section>
    </>
  );
}
