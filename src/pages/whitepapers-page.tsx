import { ResourceListPage } from '@/components/resources/resource-list-page';
import { WhitepaperCard } from '@/components/resources/whitepaper-card';
import { paths } from '@/config/paths';
import { whitepapers } from '@/content/whitepapers';

export default function WhitepapersPage() {
  return (
    <ResourceListPage
      path={paths.whitepapers}
      items={whitepapers}
      card={(paper, priority) => <WhitepaperCard paper={paper} priority={priority} />}
    />
  );
}
