import { CaseStudyCard } from '@/components/resources/case-study-card';
import { ResourceListPage } from '@/components/resources/resource-list-page';
import { paths } from '@/config/paths';
import { caseStudies } from '@/content/case-studies';

export default function CaseStudiesPage() {
  return (
    <ResourceListPage
      path={paths.caseStudies}
      items={caseStudies}
      card={(study, priority) => <CaseStudyCard study={study} priority={priority} />}
    />
  );
}
