import { Seo } from '@/components/layout/seo';
import { PolicyDocument } from '@/components/policy/policy-document';
import { paths } from '@/config/paths';
import { privacyPolicy } from '@/content/policies/privacy-policy';
import { routeMeta } from '@/content/seo';

const path = paths.privacyPolicy;
const meta = routeMeta[path];

export default function PrivacyPolicyPage() {
  return (
    <>
      <Seo title={meta.title} description={meta.description} keywords={meta.keywords} path={path} />
      <PolicyDocument document={privacyPolicy} />
    </>
  );
}
