import { Seo } from '@/components/layout/seo';
import { PolicyDocument } from '@/components/policy/policy-document';
import { paths } from '@/config/paths';
import { cookiePolicy } from '@/content/policies/cookie-policy';
import { routeMeta } from '@/content/seo';

const path = paths.cookiePolicy;
const meta = routeMeta[path];

export default function CookiePolicyPage() {
  return (
    <>
      <Seo title={meta.title} description={meta.description} keywords={meta.keywords} path={path} />
      <PolicyDocument document={cookiePolicy} />
    </>
  );
}
