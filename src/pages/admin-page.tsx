import { useNavigate } from 'react-router';

import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { signOutEverywhere } from '@/features/auth/auth-actions';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';

export default function AdminPage() {
  const navigate = useNavigate();
  return (
    <>
      <Seo
        title="Admin Dashboard"
        description="Review contact form submissions."
        path={paths.admin}
        noindex
      />
      <AuthProvider>
        <ProtectedRoute adminOnly pageTitle="Admin Dashboard">
          {({ user, role, client }) => (
            <AdminDashboard
              client={client}
              email={user.email ?? ''}
              role={role}
              onSignOut={async () => {
                await signOutEverywhere(client, 'admin_sign_out');
                await navigate(paths.auth, { replace: true });
              }}
            />
          )}
        </ProtectedRoute>
      </AuthProvider>
    </>
  );
}
