import { notify } from '@/components/ui/toast/notify';
import { EnquiriesQueryError } from '@/features/admin/list/list-enquiries';

export const adminMessages = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load contact submissions.',
  unexpected: 'An unexpected error occurred.',
} as const;

/** Logs and toasts a failed load (query error or anything else, each its own message). */
export function reportLoadError(error: unknown): void {
  if (error instanceof EnquiriesQueryError) {
    console.error('Error fetching contact submissions:', error.postgrestError);
    notify({
      title: adminMessages.errorTitle,
      description: adminMessages.loadFailed,
      variant: 'destructive',
    });
  } else {
    console.error('Unexpected error loading contact submissions:', error);
    notify({
      title: adminMessages.errorTitle,
      description: adminMessages.unexpected,
      variant: 'destructive',
    });
  }
}
