import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { signOutEverywhere } from '@/features/auth/auth-actions';
import { useAuth } from '@/features/auth/auth-context';
import { LoadingSpinner } from '@/features/auth/loading-spinner';
import { StaffAccount } from '@/features/auth/staff-account';
import { useAssurance } from '@/features/auth/use-assurance';
import { useRole } from '@/features/auth/use-role';
import { AdminSectionNav } from '@/features/staff-frame/admin-section-nav';
import type { AdminSection } from '@/features/staff-frame/admin-section-paths';
import { StaffFrame } from '@/features/staff-frame/staff-frame';
import { whenRequestsSettle } from '@/features/staff-frame/when-requests-settle';

/** Draws the section links for the signed-in admin (e.g. with a count fetched for them). */
export type SectionNavSlot = (current: AdminSection) => ReactNode;

type StaffAreaFrameProps = {
  /** The section on screen; none on /auth, which shows the product name alone. */
  current?: AdminSection;
  footer: ReactNode;
  /**
   * The section links, drawn only for an admin at aal2 (so nothing is asked before then); the
   * plain links when left out. The page fills it: the frame knows nothing of the admin features.
   */
  sectionNav?: SectionNavSlot;
  children: ReactNode;
};

/**
 * The staff frame filled from the session (inside an AuthProvider): the section links for an
 * admin whose session passed the second factor, and the account for anyone signed in. What it
 * shows is only what to offer: the pages' guard and RLS decide access.
 */
export function StaffAreaFrame({ current, footer, sectionNav, children }: StaffAreaFrameProps) {
  const { status, user, client } = useAuth();
  const { isAdmin, loading: roleLoading } = useRole();
  const { currentLevel, loading: levelLoading } = useAssurance();
  const navigate = useNavigate();
  const signedIn = current !== undefined && status === 'signed-in' && user && client;

  // The staff pages keep their query cache above the frame; /auth has none.
  const queryClient = useContext(QueryClientContext);
  const [leaving, setLeaving] = useState(false);

  // The page's guard sends a signed-out visitor to /auth?next=<this page>; this effect runs after
  // the guard's (a parent's effects follow its children's), so Sign Out lands on the plain /auth.
  useEffect(() => {
    if (leaving && status === 'signed-out') void navigate(paths.auth, { replace: true });
  }, [leaving, status, navigate]);

  // Leaving unmounts the page and the links' count, so nothing polls again; requests already sent
  // come back before the session ends, instead of being refused (401) after it.
  async function signOut() {
    if (!client) return;
    setLeaving(true);
    await whenRequestsSettle(queryClient);
    await signOutEverywhere(client, 'auth_staff_sign_out');
  }

  // While the role and level of a signed-in session are being read, the links' room is kept
  // (unseen), so the page below does not move down when they appear. Not before the session is
  // known: a signed-out visitor is sent to /auth, whose frame has no links.
  const deciding = signedIn && !leaving && (roleLoading || levelLoading);
  let nav: ReactNode = null;
  if (signedIn && !leaving && isAdmin && currentLevel === 'aal2') {
    nav = sectionNav?.(current) ?? <AdminSectionNav current={current} />;
  } else if (deciding) {
    nav = (
      <div aria-hidden="true" className="invisible">
        <AdminSectionNav current={current} awaitingReply={sectionNav ? null : undefined} />
      </div>
    );
  }

  return (
    <StaffFrame
      nav={nav}
      account={signedIn ? <StaffAccount user={user} onSignOut={signOut} /> : null}
      footer={footer}
    >
      {leaving ? <LoadingSpinner label="Signing out…" /> : children}
    </StaffFrame>
  );
}
