import { Seo } from '@/components/layout/seo';

export default function CarbonReductionPlanPage() {
  return (
    <>
      <Seo
        title="Carbon Reduction Plan"
        description="Our commitment to Net Zero by 2050, with 2023 baseline and 2024 emissions, reduction initiatives and future measures."
        path="/carbon-reduction-plan"
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Carbon Reduction Plan</h1>
        <p className="mt-4 max-w-prose text-lg text-ink-muted">Our commitment to Net Zero by 2050, with 2023 baseline and 2024 emissions, reduction initiatives and future measures.</p>
      </section>
    </>
  );
}
