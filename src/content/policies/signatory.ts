import { team } from '@/content/team';

const founder = team[0];
if (!founder) throw new Error('The team list is empty');

/** The director who signs the policy statements (the founder, first in the team list). */
export const policySignatory = { name: founder.name, role: founder.role } as const;
