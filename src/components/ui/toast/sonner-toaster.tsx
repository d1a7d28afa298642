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
      richColors
      closeButton
      duration={6000}
      toastOptions={{ className: 'font-sans', style: { fontSize: '0.95rem' } }}
    />
  );
}
