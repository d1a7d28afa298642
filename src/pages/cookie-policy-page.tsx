import { Seo } from '@/components/layout/seo';

export default function CookiePolicyPage() {
  return (
    <>
      <Seo
        title="Cookie Policy"
        description="Which cookies the Kestrel Data website uses, why, and how to change your cookie preferences or control cookies in your browser."
        path="/cookie-policy"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Cookie Policy</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Which cookies the Kestrel Data website uses, why, and how to change your cookie preferences or control cookies in your browser.</p>
      </section>
    </>
  );
}
