import { Seo } from '@/components/layout/seo';
import { PolicyDocument } from '@/components/policy/policy-document';
import { paths } from '@/config/paths';
import { modernSlaveryStatement } from '@/content/policies/modern-slavery';
import { routeMeta } from '@/content/seo';

const path = paths.modernSlavery;
const meta = routeMeta[path];

export default function ModernSlaveryPage() {
  return (
    <>
      <Seo title={meta.title} description={meta.description} keywords={meta.keywords} path={path} />
      <PolicyDocument document={modernSlaveryStatement} />
    </>
  );
}
