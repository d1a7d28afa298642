import { PolicyInline } from '@/components/policy/policy-inline';
import { PolicyTable } from '@/components/policy/policy-table';
import { PolicyText } from '@/components/policy/policy-text';
import type { PolicyBlock as PolicyBlockData } from '@/content/types';

/** One block of a policy section, as semantic HTML. */
export function PolicyBlock({ block }: { block: PolicyBlockData }) {
  switch (block.type) {
    case 'paragraph':
      return (
        <p className="mt-5 text-base leading-8 text-ink-soft sm:text-lg">
          <PolicyInline content={block.content} />
        </p>
      );
    case 'subheading':
      return (
        <h3 className="mt-8 text-xl font-bold text-ink">
          <PolicyText text={block.text} />
        </h3>
      );
    case 'list': {
      const List = block.style === 'ordered' ? 'ol' : 'ul';
      const marker = block.style === 'ordered' ? 'list-decimal' : 'list-disc';
      return (
        <List
          className={`mt-5 space-y-3 pl-6 text-base leading-7 text-ink-soft marker:text-brand-700 sm:text-lg sm:leading-8 ${marker}`}
        >
          {block.items.map((item, index) => (
            <li key={index} className="pl-1">
              <PolicyInline content={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'table':
      return <PolicyTable table={block} />;
  }
}
