import { site } from '@/config/site';
import type { TeamMember } from '@/content/types';

/** Size of the portrait SVGs under /images/team (square). */
export const teamPhotoSize = { width: 320, height: 320 } as const;

/**
 * The 11 team members shown on /about, each with an illustrated portrait. Initials on the
 * member's gradient show instead when a portrait is missing or fails to load.
 */
export const team: readonly TeamMember[] = [
  {
    id: 'daniel-hartley',
    name: 'Daniel Hartley',
    role: 'Founder & Managing Director',
    description: `Daniel founded ${site.name} after leading data and analytics functions in UK banking and payments. He works with boards to turn data ambitions into funded, deliverable programmes and still leads several client engagements himself.`,
    initials: 'DH',
    icon: 'leadership',
    gradient: { from: '#1d4ed8', to: '#7c3aed' },
    photo: '/images/team/daniel-hartley.svg',
  },
  {
    id: 'priya-raman',
    name: 'Priya Raman',
    role: 'Chief Data Officer Practice Lead',
    description:
      'Priya leads our fractional CDO practice and has built data offices for lenders, insurers and a central government department. She specialises in operating models that make data ownership real rather than theoretical.',
    initials: 'PR',
    icon: 'strategy',
    gradient: { from: '#2563eb', to: '#0891b2' },
    photo: '/images/team/priya-raman.svg',
  },
  {
    id: 'eleanor-brooks',
    name: 'Eleanor Brooks',
    role: 'Head of Data Protection & DPO',
    description:
      'Eleanor is a certified data protection practitioner who acts as outsourced DPO for several of our clients. She turns UK GDPR and PECR obligations into clear, proportionate processes that teams can follow.',
    initials: 'EB',
    icon: 'governance',
    gradient: { from: '#0f766e', to: '#1d4ed8' },
    photo: '/images/team/eleanor-brooks.svg',
  },
  {
    id: 'marcus-okafor',
    name: 'Marcus Okafor',
    role: 'Head of AI & Machine Learning',
    description:
      'Marcus leads our AI practice, from readiness assessments to production generative AI and agentic systems. He is known for insisting on rigorous evaluation before anything reaches real users.',
    initials: 'MO',
    icon: 'ai',
    gradient: { from: '#7c3aed', to: '#db2777' },
    photo: '/images/team/marcus-okafor.svg',
  },
  {
    id: 'hannah-kowalski',
    name: 'Hannah Kowalski',
    role: 'Principal Data Architect',
    description:
      'Hannah designs the target architectures behind our platform and migration work. She has a pragmatic, vendor-neutral approach and a habit of documenting every significant decision so clients understand why as well as what.',
    initials: 'HK',
    icon: 'architecture',
    gradient: { from: '#1e40af', to: '#4f46e5' },
    photo: '/images/team/hannah-kowalski.svg',
  },
  {
    id: 'tom-fairbairn',
    name: 'Tom Fairbairn',
    role: 'Lead Data Engineer',
    description:
      'Tom leads our engineering teams, building tested, observable pipelines on all three major clouds. He pairs closely with client engineers so that every platform we build is one they can run without us.',
    initials: 'TF',
    icon: 'engineering',
    gradient: { from: '#0369a1', to: '#059669' },
    photo: '/images/team/tom-fairbairn.svg',
  },
  {
    id: 'aisha-rahman',
    name: 'Aisha Rahman',
    role: 'Senior Data Scientist',
    description:
      'Aisha builds forecasting and predictive models for retail and financial services clients. She focuses on models that managers can understand and trust, and on measuring the impact they have once deployed.',
    initials: 'AR',
    icon: 'analytics',
    gradient: { from: '#9333ea', to: '#2563eb' },
    photo: '/images/team/aisha-rahman.svg',
  },
  {
    id: 'callum-reid',
    name: 'Callum Reid',
    role: 'Cloud Platform Lead',
    description:
      'Callum designs secure, cost-efficient cloud data platforms using infrastructure as code. He brings FinOps discipline to every project, so clients see both faster delivery and predictable bills.',
    initials: 'CR',
    icon: 'cloud',
    gradient: { from: '#0284c7', to: '#6366f1' },
    photo: '/images/team/callum-reid.svg',
  },
  {
    id: 'grace-adeyemi',
    name: 'Grace Adeyemi',
    role: 'Head of Digital Transformation',
    description:
      'Grace leads multi-year transformation programmes across energy, retail and the public sector. She combines agile delivery with careful change management, so new ways of working outlast the programme.',
    initials: 'GA',
    icon: 'digital',
    gradient: { from: '#059669', to: '#0d9488' },
    photo: '/images/team/grace-adeyemi.svg',
  },
  {
    id: 'oliver-marsh',
    name: 'Oliver Marsh',
    role: 'Information Security Lead',
    description:
      'Oliver leads our data security and risk work and oversees our own ISO 27001 and Cyber Essentials+ certifications. He helps clients protect sensitive data without getting in the way of the people who need it.',
    initials: 'OM',
    icon: 'security',
    gradient: { from: '#334155', to: '#1d4ed8' },
    photo: '/images/team/oliver-marsh.svg',
  },
  {
    id: 'rebecca-hughes',
    name: 'Rebecca Hughes',
    role: 'Client Partnerships Director',
    description:
      'Rebecca looks after our client relationships and public-sector frameworks, including G-Cloud. She makes sure every engagement starts with a clear scope, the right team and outcomes everyone has agreed.',
    initials: 'RH',
    icon: 'partnerships',
    gradient: { from: '#047857', to: '#7c3aed' },
    photo: '/images/team/rebecca-hughes.svg',
  },
];
