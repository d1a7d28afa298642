/**
 * Toasts without paying for the toast library up front: `notify()` queues a message and asks
 * the lazily mounted host (ToastHost) to load sonner; once it is in, messages go straight through.
 */
export type ToastVariant = 'default' | 'success' | 'destructive';
/** A button on the toast, e.g. Undo; pressing it also closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** How long it stays, in milliseconds (the host's default otherwise). */
  duration?: number;
  /** 'top': just under the site's header, clear of what has just come into view below it. */
  placement?: 'top';
  /** Sends the toast away early once it aborts. */
  until?: AbortSignal;
};

type Deliver = (message: ToastMessage) => void;

const pending: ToastMessage[] = [];
const wakeListeners = new Set<() => void>();
let deliver: Deliver | null = null;

export function notify(message: ToastMessage): void {
  if (deliver) {
    deliver(message);
    return;
  }
  pending.push(message);
  wakeListeners.forEach((wake) => wake());
}

/** Called by the host: subscribe to the first message, so the library loads only when needed. */
export function onFirstToast(wake: () => void): () => void {
  if (pending.length > 0) wake();
  wakeListeners.add(wake);
  return () => wakeListeners.delete(wake);
}

/** Called by the host once sonner's Toaster is mounted; flushes what was queued. */
export function attachDeliverer(next: Deliver | null): void {
  deliver = next;
  if (next) pending.splice(0).forEach(next);
}
