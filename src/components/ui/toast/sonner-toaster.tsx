import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';

import { attachDeliverer, type ToastMessage } from '@/components/ui/toast/notify';

export const TOAST_DURATION_MS = 6000;

/** From the window's edges; a toast placed at the top sits under the fixed header (h-header). */
const offsets = { top: 'calc(4.5rem + 8px)', right: 16, bottom: 16, left: 16 };

let shown = 0;

/**
 * One toast at a time: a new one sends the one on screen away first (it fades while the new one
 * comes in, never stacked above it). Each gets an id of its own; reusing one id raced with the
 * old toast's removal, which could take the new toast with it.
 */
function show({
  title,
  description,
  variant = 'default',
  action,
  duration,
  placement,
  until,
}: ToastMessage) {
  if (until?.aborted) return;
  toast.dismiss();
  shown += 1;
  const id = `toast-${shown}`;
  const options = {
    id,
    description,
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
    duration: duration ?? TOAST_DURATION_MS,
    position: placement === 'top' ? ('top-left' as const) : undefined,
  };
  until?.addEventListener('abort', () => toast.dismiss(id), { once: true });
  if (variant === 'destructive') toast.error(title, options);
  else if (variant === 'success') toast.success(title, options);
  else toast.message(title, options);
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
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      // Beside a centred dialog on a wide screen (a dialog is at most 42rem wide), and in the
      // band a dialog leaves free at the foot of a narrower one (see DialogShell): never over
      // a dialog's controls. pointer-events: an open modal dialog turns them off on the body.
      offset={offsets}
      mobileOffset={offsets}
      className="!pointer-events-auto"
      style={{ '--width': 'min(356px, max(256px, calc((100vw - 42rem) / 2 - 2rem)))' } as never}
      // Sonner's rich colours fail AA contrast (light green on pale green): ours pass.
      toastOptions={{
        className: 'font-sans',
        style: { fontSize: '0.95rem' },
        classNames: {
          toast: '!border-slate-200 !bg-white !text-ink',
          description: '!text-ink-soft line-clamp-2',
          actionButton:
            '!min-h-8 !bg-brand-700 !px-3 !text-sm !font-semibold !text-white focus-visible:!ring-2 focus-visible:!ring-brand-600 focus-visible:!ring-offset-2',
          success: '!border-l-4 !border-l-emerald-600 [&_[data-icon]]:!text-emerald-700',
          error: '!border-l-4 !border-l-red-700 [&_[data-icon]]:!text-red-700',
        },
      }}
    />
  );
}
