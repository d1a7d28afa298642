import { Seo } from '@/components/layout/seo';

export default function PrivacyPolicyPage() {
  return (
    <>
      <Seo
        title="Privacy Policy"
        description="How Kestrel Data collects, uses, stores and protects personal data under UK GDPR and the Data Protection Act 2018, and your rights."
        path="/privacy-policy"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Privacy Policy</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">How Kestrel Data collects, uses, stores and protects personal data under UK GDPR and the Data Protection Act 2018, and your rights.</p>
      </section>
    </>
  );
}
