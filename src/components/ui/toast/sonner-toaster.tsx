import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';

import { attachDeliverer, type ToastMessage } from '@/components/ui/toast/notify';

function show({ title, description, variant = 'default' }: ToastMessage) {
  const options = description ? { description } : {};
  if (variant === 'destructive') toast.error(title, options);
  else if (variant === 'success') toast.success(title, options);
  else toast(title, options);
}

export default function SonnerToaster() {
  useEffect(() => {
    attachDeliverer(show);
    return () => attachDeliverer(null);
  }, []);
  return (
    <Toaster
      position="bottom-right"
      closeButton
      duration={6000}
      // Sonner's rich colours fail AA contrast (light green on pale green): ours pass.
      toastOptions={{
        className: 'font-sans',
        style: { fontSize: '0.95rem' },
        classNames: {
          toast: '!border-slate-200 !bg-white !text-ink',
          description: '!text-ink-soft',
          success: '!border-l-4 !border-l-emerald-600 [&_[data-icon]]:!text-emerald-700',
          error: '!border-l-4 !border-l-red-700 [&_[data-icon]]:!text-red-700',
        },
      }}
    />
  );
}
