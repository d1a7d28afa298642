import { TeamIcon } from '@/components/about/team-icon';
import { Avatar } from '@/components/ui/avatar';
import type { TeamMember } from '@/content/types';

/** One person in the team grid: portrait or initials, name, role and biography. */
export function TeamMemberCard({ member }: { member: TeamMember }) {
  return (
    <article
      data-testid="team-member"
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm render-near-viewport-88"
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-20 opacity-15"
        style={{
          backgroundImage: `linear-gradient(135deg, ${member.gradient.from}, ${member.gradient.to})`,
        }}
      />
      <div className="relative flex items-end justify-between">
        <Avatar
          name={member.name}
          initials={member.initials}
          gradient={member.gradient}
          photo={member.photo}
          size={88}
          decorative
        />
        <span className="mb-1 inline-flex size-10 items-center justify-center rounded-xl bg-slate-100 text-ink-soft">
          <TeamIcon icon={member.icon} />
        </span>
      </div>
      <h3 className="relative mt-5 text-xl font-bold text-ink">{member.name}</h3>
      <p className="relative mt-1 text-sm font-semibold text-brand-700">{member.role}</p>
      <p className="relative mt-4 text-sm leading-6 text-ink-muted">{member.description}</p>
    </article>
  );
}
