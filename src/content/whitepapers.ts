import { site } from '@/config/site';
import { coverImage } from '@/content/cover-image';
import type { Whitepaper } from '@/content/types';

function whitepaperPdf(id: string): string {
  return `${site.documentsBaseUrl}/whitepapers/${id}.pdf`;
}

/** The six whitepapers of /whitepapers; all available, only the first featured. */
export const whitepapers: readonly Whitepaper[] = [
  {
    id: 'enterprise-genai-playbook',
    title: 'The Enterprise Generative AI Playbook: From Pilot to Production',
    description:
      'Why so many generative AI pilots stall, and the evaluation, governance and engineering practices that carry the successful ones into production. Includes a use-case scoring model and a 90-day launch plan.',
    category: 'AI & Machine Learning',
    publishDate: '2025-06-17',
    author: 'Marcus Okafor',
    pages: 28,
    ...coverImage(
      'whitepapers',
      'enterprise-genai-playbook',
      'Abstract neural network nodes rising from pilot to production, in purple',
    ),
    available: true,
    downloadUrl: whitepaperPdf('enterprise-genai-playbook'),
    featured: true,
  },
  {
    id: 'data-strategy-that-delivers',
    title: 'A Data Strategy That Delivers: Linking Data to Business Outcomes',
    description:
      'A practical method for building a data strategy the board will fund: starting from decisions, sizing value, assessing maturity honestly and sequencing a roadmap that shows results within the first quarter.',
    category: 'Data Strategy',
    publishDate: '2025-03-11',
    author: 'Priya Raman',
    pages: 22,
    ...coverImage(
      'whitepapers',
      'data-strategy-that-delivers',
      'Abstract roadmap of connected milestones, in blue',
    ),
    available: true,
    downloadUrl: whitepaperPdf('data-strategy-that-delivers'),
    featured: false,
  },
  {
    id: 'cloud-migration-without-surprises',
    title: 'Cloud Data Migration Without Surprises',
    description:
      'Lessons from migrating legacy warehouses and databases to the cloud: wave planning, automated reconciliation, cut-over rehearsal and the FinOps controls that stop costs drifting after go-live.',
    category: 'Cloud Migration',
    publishDate: '2024-11-19',
    author: 'Callum Reid',
    pages: 24,
    ...coverImage(
      'whitepapers',
      'cloud-migration-without-surprises',
      'Abstract data blocks moving from a server stack into a cloud, in green',
    ),
    available: true,
    downloadUrl: whitepaperPdf('cloud-migration-without-surprises'),
    featured: false,
  },
  {
    id: 'governance-people-follow',
    title: 'Data Governance People Actually Follow',
    description:
      'How to design proportionate data governance around critical data elements, give owners and stewards real authority and measure data quality in terms the business recognises.',
    category: 'Data Governance',
    publishDate: '2024-09-24',
    author: 'Eleanor Brooks',
    pages: 20,
    ...coverImage(
      'whitepapers',
      'governance-people-follow',
      'Abstract shield formed from linked data tiles, in blue',
    ),
    available: true,
    downloadUrl: whitepaperPdf('governance-people-follow'),
    featured: false,
  },
  {
    id: 'analytics-that-changes-decisions',
    title: 'Analytics That Changes Decisions',
    description:
      'Why dashboards go unused and forecasts are ignored, and how framing questions, involving users early and measuring impact turns analytics from a reporting cost into a source of measurable value.',
    category: 'Analytics',
    publishDate: '2024-06-12',
    author: 'Aisha Rahman',
    pages: 18,
    ...coverImage(
      'whitepapers',
      'analytics-that-changes-decisions',
      'Abstract line chart and scatter plot with a highlighted trend, in blue',
    ),
    available: true,
    downloadUrl: whitepaperPdf('analytics-that-changes-decisions'),
    featured: false,
  },
  {
    id: 'transformation-that-lasts',
    title: 'Digital Transformation That Lasts',
    description:
      'What separates transformation programmes that deliver lasting change from those that fade: outcome-led governance, benefits tracking, agile delivery and the capability building that lets teams own the future.',
    category: 'Digital Transformation',
    publishDate: '2024-03-05',
    author: 'Grace Adeyemi',
    pages: 26,
    ...coverImage(
      'whitepapers',
      'transformation-that-lasts',
      'Abstract layered steps ascending towards a bright horizon, in green',
    ),
    available: true,
    downloadUrl: whitepaperPdf('transformation-that-lasts'),
    featured: false,
  },
];
