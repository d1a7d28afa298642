import { TeamMemberCard } from '@/components/about/team-member-card';
import { SectionHeading } from '@/components/ui/section-heading';
import { teamSectionContent } from '@/content/about';
import { team } from '@/content/team';

/** The grid of the 11 team members. */
export function TeamSection() {
  return (
    <section id="team" aria-labelledby="team-title" className="py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="team-title"
          eyebrow="Our people"
          title={teamSectionContent.heading}
          intro={teamSectionContent.intro}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {team.map((member) => (
            <li key={member.id}>
              <TeamMemberCard member={member} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
