import { buttonClass } from '@/components/ui/button-styles';
import { ExternalLink } from '@/components/ui/external-link';
import { DownloadIcon } from '@/components/ui/icons';
import { whitepapersPageContent } from '@/content/resources-copy';

type WhitepaperActionProps = {
  title: string;
  available: boolean;
  downloadUrl?: string;
};

/**
 * "Download PDF" (a link opening the PDF in a new tab) when the paper is available and has a
 * link; otherwise a disabled "Coming Soon" button.
 */
export function WhitepaperAction({ title, available, downloadUrl }: WhitepaperActionProps) {
  const className = buttonClass({ className: 'w-full' });
  if (available && downloadUrl) {
    return (
      <ExternalLink href={downloadUrl} srContext={title} className={className}>
        <DownloadIcon className="size-4" />
        {whitepapersPageContent.downloadLabel}
      </ExternalLink>
    );
  }
  return (
    <button type="button" disabled className={className}>
      {whitepapersPageContent.unavailableLabel}
    </button>
  );
}
