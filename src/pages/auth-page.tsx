import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { AuthProvider } from '@/features/auth/auth-provider';
import { AuthScreen } from '@/features/auth/auth-screen';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { StaffAreaFrame } from '@/features/staff-frame/staff-area-frame';
import { staffFooterLink } from '@/features/staff-frame/staff-frame';

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
        <StaffAreaFrame footer={<CookieSettingsButton className={staffFooterLink} />}>
          <AuthScreen />
        </StaffAreaFrame>
      </AuthProvider>
    </>
  );
}
