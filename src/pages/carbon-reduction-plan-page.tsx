import { Seo } from '@/components/layout/seo';
import { PolicyDocument } from '@/components/policy/policy-document';
import { paths } from '@/config/paths';
import { carbonReductionPlan } from '@/content/policies/carbon-reduction-plan';
import { routeMeta } from '@/content/seo';

const path = paths.carbonReductionPlan;
const meta = routeMeta[path];

export default function CarbonReductionPlanPage() {
  return (
    <>
      <Seo title={meta.title} description={meta.description} keywords={meta.keywords} path={path} />
      <PolicyDocument document={carbonReductionPlan} />
    </>
  );
}
