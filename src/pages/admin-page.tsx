import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';

export default function AdminPage() {
  return (
    <>
      <Seo
        title="Admin Dashboard"
        description="Review contact form submissions."
        path={paths.admin}
        noindex
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Admin Dashboard</h1>
        <p className="mt-4 text-ink-muted">Contact submissions appear here for staff.</p>
      </section>
    </>
  );
}
