import { lazy, Suspense, useEffect, useState } from 'react';

import { onFirstToast } from '@/components/ui/toast/notify';

const SonnerToaster = lazy(() => import('@/components/ui/toast/sonner-toaster'));

/** Mounted once in the root layout; loads the toast library on the first notify(). */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
