import { carbonReductionPlan } from '@/content/policies/carbon-reduction-plan';
import { cookiePolicy } from '@/content/policies/cookie-policy';
import { modernSlaveryStatement } from '@/content/policies/modern-slavery';
import { privacyPolicy } from '@/content/policies/privacy-policy';
import type { PolicyDocument } from '@/content/types';

/** The four policy documents, in footer order (for routes, the sitemap and tests). */
export const policyDocuments: readonly PolicyDocument[] = [
  privacyPolicy,
  cookiePolicy,
  modernSlaveryStatement,
  carbonReductionPlan,
];
