import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { adminKeys, invalidateEnquiries } from '@/features/admin/shared/admin-queries';
import {
  asMailProblem,
  mailProblemSentence,
  type MailProblem,
} from '@/features/admin/shared/mail-problem';
import { RpcError, rpcErrorMessage } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

const reasonWords: Record<MailProblem, string> = {
  acknowledgement_bounced: 'The address bounced for good, so no more mail goes to it.',
  bounced: 'The address bounced for good, so no more mail goes to it.',
  complained: 'Its owner marked our mail as spam, so no more mail goes to it.',
};

/**
 * acknowledgement_bounced, bounced or complained when no mail reaches the enquiry's address, else
 * null (admins, aal2).
 */
export async function loadMailProblem(
  client: AppSupabaseClient,
  enquiryId: string,
): Promise<MailProblem | null> {
  const { data, error } = await client.rpc('enquiry_mail_problem', { _submission_id: enquiryId });
  if (error) throw new RpcError(error.code, error.message);
  return asMailProblem(data);
}

export const mailProblemQuery = (client: AppSupabaseClient, enquiryId: string) =>
  queryOptions({
    queryKey: adminKeys.mailProblem(enquiryId),
    queryFn: () => loadMailProblem(client, enquiryId),
  });

/** The enquiry's mail problem once known; null while loading, on failure, or when there is none. */
export function useMailProblem(enquiryId: string): MailProblem | null {
  const client = useSupabaseClient();
  return useQuery(mailProblemQuery(client, enquiryId)).data ?? null;
}

/** Lets mail go to the enquiry's address again; false when it was not blocked (admins, aal2). */
export async function clearMailSuppression(
  client: AppSupabaseClient,
  enquiryId: string,
): Promise<boolean> {
  const { data, error } = await client.rpc('clear_mail_suppression', {
    _submission_id: enquiryId,
  });
  if (error) throw new RpcError(error.code, error.message);
  return data === true;
}

type Props = { enquiry: Enquiry };

/**
 * In the record of an enquiry whose address no mail reaches: why, what to do (phone), and a
 * button that lets mail go again once the prospect has given a working address (audited).
 * Renders nothing while mail reaches the address.
 */
export function MailProblemNotice({ enquiry }: Props) {
  const problem = useMailProblem(enquiry.id);
  if (!problem) return null;
  return <BlockedMailNotice enquiry={enquiry} problem={problem} />;
}

function BlockedMailNotice({ enquiry, problem }: Props & { problem: MailProblem }) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);

  async function allowMail() {
    setClearing(true);
    try {
      await clearMailSuppression(client, enquiry.id);
      notify({
        title: 'Mail allowed again',
        description: 'Replies and booking e-mails go to this address from now on.',
        variant: 'success',
      });
      queryClient.setQueryData(adminKeys.mailProblem(enquiry.id), null);
      void invalidateEnquiries(queryClient, adminKeys.mailProblem(enquiry.id));
    } catch (error) {
      notify({ title: 'Not changed', description: rpcErrorMessage(error), variant: 'destructive' });
    } finally {
      setClearing(false);
    }
  }

  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-950"
    >
      <p className="min-w-0 grow basis-64">
        <strong>{mailProblemSentence[problem]}</strong> {reasonWords[problem]} Once they give an
        address that works, correct it with them and allow mail again.
      </p>
      <button
        type="button"
        onClick={() => void allowMail()}
        disabled={clearing}
        className={buttonClass({ variant: 'outline', size: 'sm' })}
      >
        {clearing ? 'Allowing…' : 'Allow mail again'}
      </button>
    </div>
  );
}
