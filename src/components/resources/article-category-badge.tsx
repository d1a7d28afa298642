import { Badge } from '@/components/ui/badge';
import { getArticleBadgeClass } from '@/content/articles';

/** The article's category, coloured by the content's mapping (blue when unmapped). */
export function ArticleCategoryBadge({ category }: { category: string }) {
  return <Badge className={getArticleBadgeClass(category)}>{category}</Badge>;
}
