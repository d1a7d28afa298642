import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/features/auth/auth-provider';
import { AuthScreen } from '@/features/auth/auth-screen';

export default function AuthPage() {
  return (
    <>
      <Seo
        title="Admin Access"
        description="Staff sign-in for the Kestrel Data admin area."
        path={paths.auth}
        noindex
      />
      <AuthProvider>
        <AuthScreen />
      </AuthProvider>
    </>
  );
}
