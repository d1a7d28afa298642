import { requireServiceSummary } from '@/content/service-catalogue';
import type { Service } from '@/content/types';

/** Digital pillar: the four Digital services, in the product's fixed order. */
export const digitalServices: readonly Service[] = [
  {
    ...requireServiceSummary('digital-transformation'),
    description:
      'We plan and deliver digital transformation programmes that redesign services around users, modernise the technology beneath them and build the skills and culture to keep improving after we leave.',
    detailedDescription: [
      'Transformation succeeds when it changes how work gets done, not just which systems are used. We begin with user and business outcomes, redesign the processes that matter most and then select and implement the technology to support them.',
      'Our programme leadership brings structure without bureaucracy: clear governance, benefits tracking and agile delivery in short, visible increments. Throughout, we invest in your people through coaching, communities of practice and change management, so the organisation owns its future.',
      'We have delivered transformation in financial services, energy, retail and the public sector, and we work comfortably within the Government Service Standard and spend-control processes.',
    ],
    approach: [
      'Define the vision, outcomes and benefits with leadership.',
      'Research user needs and map current processes and systems.',
      'Design the target operating model and transformation roadmap.',
      'Deliver in agile increments with benefits tracking.',
      'Lead change management, training and communications.',
      'Embed continuous improvement and transfer ownership.',
    ],
    deliverables: [
      'Transformation vision, business case and benefits map',
      'Target operating model and multi-year roadmap',
      'Programme governance and benefits-tracking framework',
      'Redesigned services and processes delivered in increments',
      'Change management and capability-building plan',
    ],
    timeline: '12-36 months',
    benefits: [
      'Services that are simpler for customers and staff',
      'Lower operating costs through automation and simplification',
      'Faster response to market and policy change',
      'A workforce confident with new ways of working',
    ],
    metrics: {
      'Reduction in operating costs': '25%',
      'Processes digitised end to end': '70%',
      'Improvement in customer satisfaction': '30%',
      'Benefits realised against business case': '110%',
    },
    testimonial: {
      quote:
        'They kept a complex, multi-year programme focused on outcomes. Costs are down, our customers notice the difference and our teams now lead the change themselves.',
      author: 'Chief Digital Officer',
      company: 'UK energy supplier',
    },
    relatedServices: [
      'cloud-data-platform-design',
      'data-modernisation-migration',
      'data-strategy',
    ],
    keywords: ['digital transformation', 'operating model', 'transformation programme'],
  },
  {
    ...requireServiceSummary('cloud-data-platform-design'),
    description:
      'We design and build cloud data platforms that are secure by default, governed from the start and sized for your workloads, so analytics and AI teams can move quickly without surprise bills.',
    detailedDescription: [
      'A cloud data platform is more than a managed warehouse. We design landing zones, networking, identity, storage, compute, orchestration and governance as one system, using infrastructure as code so every environment is reproducible and auditable.',
      'We build in FinOps practices from day one, including tagging, budgets and right-sizing, and align security controls to NCSC cloud security principles, so the platform stays affordable and compliant as usage grows.',
    ],
    approach: [
      'Capture workload, security and compliance requirements.',
      'Select cloud services and design the platform architecture.',
      'Build landing zones and platform components as infrastructure as code.',
      'Onboard the first data products and validate performance.',
      'Establish FinOps, monitoring and platform operations.',
    ],
    deliverables: [
      'Cloud data platform architecture and design documentation',
      'Infrastructure-as-code repositories and CI/CD pipelines',
      'Security and governance controls aligned to NCSC principles',
      'FinOps dashboards, budgets and alerts',
      'Platform operations runbooks',
    ],
    timeline: '12-24 weeks',
    benefits: [
      'Elastic capacity for analytics and AI workloads',
      'Predictable, optimised cloud costs',
      'Consistent, auditable environments',
      'Security and governance built in from the start',
    ],
    metrics: {
      'Lower total cost of ownership': '35%',
      'Faster environment provisioning': '90%',
      'Platform availability': '99.9%',
      'Query performance improvement': '4x',
    },
    testimonial: {
      quote:
        'The new platform went live on schedule and costs less to run than the old data centre, with environments we can rebuild in minutes.',
      author: 'Head of Technology',
      company: 'UK retail bank',
    },
    relatedServices: ['data-architecture', 'data-modernisation-migration', 'data-engineering'],
    keywords: ['cloud data platform', 'AWS', 'Azure', 'Google Cloud', 'FinOps'],
  },
  {
    ...requireServiceSummary('data-modernisation-migration'),
    description:
      'We migrate data from legacy databases, warehouses and applications to modern platforms, modernising models and pipelines on the way and proving through reconciliation that nothing has been lost.',
    detailedDescription: [
      'Legacy data platforms are expensive to run, hard to change and increasingly risky to support. Migration is the moment to fix long-standing problems, but also the moment when data is most at risk. We plan migrations meticulously: profiling and cleansing data beforehand, automating transformation and reconciliation, and rehearsing cut-over until it is routine.',
      'Where it makes sense we modernise rather than lift and shift, restructuring data models and replacing brittle batch jobs with maintainable, tested pipelines.',
    ],
    approach: [
      'Assess legacy estate, dependencies and data quality.',
      'Define migration strategy, waves and target models.',
      'Automate extraction, transformation and reconciliation.',
      'Rehearse cut-over and validate with business users.',
      'Migrate, decommission legacy systems and realise savings.',
    ],
    deliverables: [
      'Legacy estate assessment and migration strategy',
      'Target data models and migration wave plan',
      'Automated migration and reconciliation tooling',
      'Cut-over plan, rehearsal reports and sign-off',
      'Decommissioning plan and savings report',
    ],
    timeline: '16-36 weeks',
    benefits: [
      'Retired legacy licences and infrastructure',
      'Data proven complete and accurate after migration',
      'Minimal disruption during cut-over',
      'A modern foundation for analytics and AI',
    ],
    metrics: {
      'Records reconciled after migration': '100%',
      'Reduction in platform running costs': '40%',
      'Unplanned downtime at cut-over': '0 hours',
      'Faster batch processing': '5x',
    },
    testimonial: {
      quote:
        'Twelve years of data moved over a single weekend with every record reconciled. The legacy licences were switched off the following month.',
      author: 'IT Director',
      company: 'UK insurance group',
    },
    relatedServices: ['cloud-data-platform-design', 'data-engineering', 'data-audits'],
    keywords: ['data migration', 'legacy modernisation', 'data warehouse migration'],
  },
  {
    ...requireServiceSummary('itsm-consolidation-services'),
    description:
      'We consolidate fragmented IT service management tools and processes onto a single platform, migrating tickets, configuration data and knowledge cleanly so service teams gain one view of the estate.',
    detailedDescription: [
      'Mergers, reorganisations and years of local decisions often leave organisations running several service desks and tools. That means duplicated licences, inconsistent processes and no reliable view of services or assets. We align processes to ITIL 4 practices, design a single target platform configuration and migrate the data that matters.',
      'Configuration management data receives particular attention: we reconcile and de-duplicate assets and services so the new CMDB is trusted from day one, and we use the consolidation to introduce automation and self-service.',
    ],
    approach: [
      'Inventory tools, processes, contracts and data across service teams.',
      'Harmonise processes around ITIL 4 practices.',
      'Design the target platform configuration and data model.',
      'Cleanse, reconcile and migrate tickets, CMDB and knowledge data.',
      'Cut over in phases, then decommission legacy tools.',
    ],
    deliverables: [
      'Current-state assessment and consolidation business case',
      'Harmonised process designs and service catalogue',
      'Target platform configuration and CMDB data model',
      'Migrated and reconciled service data',
      'Decommissioning plan and licence savings report',
    ],
    timeline: '12-20 weeks',
    benefits: [
      'One service desk experience for every user',
      'Lower licence and support costs',
      'A trusted CMDB for change and incident management',
      'Automation and self-service at scale',
    ],
    metrics: {
      'Reduction in tooling costs': '40%',
      'Faster incident resolution': '30%',
      'Duplicate configuration items removed': '45%',
      'Requests handled through self-service': '50%',
    },
    testimonial: {
      quote:
        'Four service desks became one in under five months. Our CMDB is finally accurate and the licence savings funded the whole project.',
      author: 'Head of IT Service Management',
      company: 'UK government agency',
    },
    relatedServices: ['digital-transformation', 'data-modernisation-migration', 'agentic-ai'],
    keywords: ['ITSM consolidation', 'service desk', 'CMDB', 'ITIL 4'],
  },
];
