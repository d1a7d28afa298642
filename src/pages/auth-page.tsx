import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';

export default function AuthPage() {
  return (
    <>
      <Seo
        title="Admin Access"
        description="Staff sign-in for the Kestrel Data admin area."
        path={paths.auth}
        noindex
      />
      <section className="container-page py-16">
        <h1 className="text-display-sm text-ink">Admin Access</h1>
        <p className="mt-4 text-ink-muted">Staff sign in here to review enquiries.</p>
      </section>
    </>
  );
}
