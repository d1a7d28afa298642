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
        {/* Flex rather than grid so the last, shorter row of the 11 sits centred. */}
        <ul className="mt-12 flex flex-wrap justify-center gap-6">
          {team.map((member) => (
            <li
              key={member.id}
              className="w-full sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]"
            >
              <TeamMemberCard member={member} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
