import { requireServiceSummary } from '@/content/service-catalogue';
import type { Service } from '@/content/types';

/**
 * Data pillar, part one: leadership, strategy, governance and protection services
 * (the first seven Data services, in product order). Part two is services-data-platform.ts.
 */
export const dataLeadershipServices: readonly Service[] = [
  {
    ...requireServiceSummary('cdo-as-a-service'),
    description:
      'An experienced Chief Data Officer who joins your leadership team for as many days a month as you need, owning the data agenda, aligning it to business outcomes and building the team that will carry it forward.',
    detailedDescription: [
      'Many organisations know that data should sit at board level but are not ready to recruit a full-time Chief Data Officer. Our fractional CDOs bring that seniority from day one: they shape the data strategy, chair the governance forum, prioritise investment and give the board a single accountable voice on data.',
      'Every engagement is anchored in measurable outcomes. We agree a 90-day plan, establish the operating model and metrics that show progress, and work alongside your people rather than around them, so capability stays in the organisation when we step back.',
      'When the time comes for a permanent appointment, we help write the role profile, assess candidates and hand over a functioning data office rather than a blank page.',
    ],
    approach: [
      'Discovery: interview stakeholders, review current data assets, spend and risks.',
      'Agree a 90-day plan with clear priorities and success measures.',
      'Stand up the data operating model, governance forum and reporting cadence.',
      'Lead delivery of priority initiatives and coach internal data leads.',
      'Report progress to the board and refresh the roadmap each quarter.',
      'Plan the transition to a permanent CDO or internal leadership.',
    ],
    deliverables: [
      'Board-approved data strategy and 12-month roadmap',
      'Data operating model with roles, responsibilities and decision rights',
      'Quarterly data maturity and value report for the board',
      'Prioritised investment case for data initiatives',
      'Role profile and hiring support for a permanent CDO',
    ],
    timeline: '3-12 months',
    benefits: [
      'Executive-level data leadership at a fraction of a permanent salary',
      'Faster decisions through clear ownership and accountability',
      'Data investment tied directly to business outcomes',
      'A working data office ready to hand to a permanent leader',
    ],
    metrics: {
      'Cost saving versus a full-time hire': '60%',
      'Faster data-driven decisions': '35%',
      'Time to a board-approved strategy': '90 days',
      'Data initiatives delivered on plan': '85%',
    },
    testimonial: {
      quote:
        'Within a quarter we had a data strategy the board understood and a governance forum that actually made decisions. It felt like hiring a seasoned CDO without the year-long search.',
      author: 'Chief Operating Officer',
      company: 'UK specialist lender',
    },
    relatedServices: ['data-strategy', 'data-governance', 'dpo-as-a-service'],
    keywords: ['fractional CDO', 'interim chief data officer', 'data leadership'],
  },
  {
    ...requireServiceSummary('dpo-as-a-service'),
    description:
      'A qualified, independent Data Protection Officer who fulfils the statutory role under UK GDPR, advises your teams day to day and acts as your point of contact with the Information Commissioner’s Office and data subjects.',
    detailedDescription: [
      'Public authorities and organisations that process personal data at scale must appoint a Data Protection Officer, and many others benefit from one. Our DPO service gives you a named, experienced practitioner who is independent of your management chain, as the law requires, and who understands how your organisation really works.',
      'We monitor compliance, advise on data protection impact assessments, manage subject access and other rights requests, handle breach assessment and notification, and train staff. Advice is pragmatic: we help you say yes to new uses of data safely rather than defaulting to no.',
    ],
    approach: [
      'Baseline review of records of processing, policies, contracts and past incidents.',
      'Register the DPO with the ICO and agree reporting lines and service levels.',
      'Deliver a prioritised compliance improvement plan.',
      'Provide ongoing advice, DPIA review and rights-request handling.',
      'Report to senior management each quarter on risks and compliance status.',
    ],
    deliverables: [
      'Named DPO registered with the Information Commissioner’s Office',
      'Up-to-date record of processing activities (ROPA)',
      'DPIA templates, reviews and sign-off',
      'Breach response playbook and incident support',
      'Quarterly compliance report for senior management',
      'Staff data protection training',
    ],
    timeline: '3-12 months',
    benefits: [
      'Statutory DPO obligations met with genuine independence',
      'Specialist expertise without recruiting a scarce role',
      'Faster, better-documented decisions on new data uses',
      'Reduced regulatory and reputational risk',
    ],
    metrics: {
      'Subject access requests answered on time': '100%',
      'Reduction in compliance gaps': '70%',
      'DPIA turnaround time': '5 days',
      'Staff trained in year one': '95%',
    },
    testimonial: {
      quote:
        'Our DPO gives straight answers and knows our services inside out. Subject access requests that used to drift now close well inside the statutory month.',
      author: 'Director of Corporate Services',
      company: 'English housing association',
    },
    relatedServices: [
      'data-protection',
      'data-protection-development-services',
      'cdo-as-a-service',
    ],
    keywords: ['outsourced DPO', 'UK GDPR', 'data protection officer'],
  },
  {
    ...requireServiceSummary('data-strategy'),
    description:
      'We build a data strategy your leadership can act on: grounded in your business objectives, honest about today’s maturity, and translated into a sequenced, costed roadmap of initiatives.',
    detailedDescription: [
      'A data strategy is only useful if it changes what happens on Monday morning. We start with the decisions your organisation needs to make better, then work back to the data, platforms, skills and governance required to support them.',
      'Through workshops, interviews and a structured maturity assessment, we identify where value is being lost today and which opportunities deliver the best return. The result is a strategy on a page, a detailed roadmap and the business case to fund it.',
    ],
    approach: [
      'Align with executive goals and define the decisions data must support.',
      'Assess data maturity across people, process, technology and governance.',
      'Identify and prioritise use cases by value and feasibility.',
      'Design the target state for data platforms, operating model and skills.',
      'Sequence a costed roadmap with quick wins and longer-term investments.',
    ],
    deliverables: [
      'Data maturity assessment with benchmark scores',
      'Data strategy document and strategy-on-a-page summary',
      'Prioritised use-case portfolio with value estimates',
      'Costed 12- to 24-month roadmap',
      'Business case for the first phase of investment',
    ],
    timeline: '6-12 weeks',
    benefits: [
      'Shared understanding of what data should achieve for the organisation',
      'Investment directed to the highest-value opportunities',
      'Quick wins that build momentum and credibility',
      'A roadmap the board can fund and track',
    ],
    metrics: {
      'Return on data investment': '3.5x',
      'Faster time to insight': '40%',
      'Use cases prioritised': '25+',
      'Stakeholder alignment score': '92%',
    },
    testimonial: {
      quote:
        'For the first time our executive team agreed on what data is for. The roadmap told us exactly where to start and what it would cost.',
      author: 'Chief Executive',
      company: 'UK retail group',
    },
    relatedServices: ['data-governance', 'data-architecture', 'ai-readiness-assessment'],
    keywords: ['data strategy consultancy', 'data roadmap', 'data maturity'],
  },
  {
    ...requireServiceSummary('data-governance'),
    description:
      'We design and embed data governance that people actually follow: clear ownership, sensible policies, measurable data quality and decision-making forums that keep data trusted as the organisation grows.',
    detailedDescription: [
      'Governance fails when it is treated as paperwork. We build it around the data that matters most, assign owners and stewards who have the time and authority to act, and measure quality in terms the business recognises.',
      'We combine policy, process and tooling, from business glossaries and data quality rules to issue management, so governance becomes part of everyday work rather than a separate exercise.',
    ],
    approach: [
      'Identify critical data elements and the business processes that depend on them.',
      'Design the governance operating model, roles and forums.',
      'Write proportionate policies and standards for quality, access and retention.',
      'Implement data quality rules, dashboards and issue management.',
      'Train owners and stewards, then measure adoption and refine.',
    ],
    deliverables: [
      'Data governance framework and operating model',
      'Data ownership and stewardship matrix',
      'Policies and standards for quality, access and retention',
      'Data quality dashboard for critical data elements',
      'Business glossary for priority domains',
    ],
    timeline: '12-24 weeks',
    benefits: [
      'Trusted data that leaders are willing to act on',
      'Clear accountability for every critical data domain',
      'Lower regulatory risk and stronger audit evidence',
      'Less time spent reconciling conflicting figures',
    ],
    metrics: {
      'Data quality improvement': '45%',
      'Reduction in reconciliation effort': '50%',
      'Critical data elements with named owners': '100%',
      'Faster audit preparation': '60%',
    },
    testimonial: {
      quote:
        'Governance went from a policy nobody read to a forum that fixes real problems every month. Our data quality scores tell the story.',
      author: 'Head of Data',
      company: 'UK building society',
    },
    relatedServices: ['data-catalog-metadata-management', 'data-strategy', 'data-audits'],
    keywords: ['data governance framework', 'data quality', 'data stewardship'],
  },
  {
    ...requireServiceSummary('data-protection'),
    description:
      'A structured programme that brings your organisation into line with UK GDPR, the Data Protection Act 2018 and PECR, and leaves you with the records, controls and habits to stay there.',
    detailedDescription: [
      'We review how personal data flows through your organisation, from collection to deletion, and measure it against the UK GDPR principles and the expectations of the Information Commissioner’s Office. Gaps are ranked by risk so effort goes where it matters.',
      'We then fix them with you: privacy notices, lawful bases, retention schedules, contracts with processors, international transfer safeguards and rights-request procedures, all written in plain English and supported by staff training.',
    ],
    approach: [
      'Map personal data flows and build the record of processing activities.',
      'Assess compliance against UK GDPR, DPA 2018 and PECR.',
      'Prioritise remediation by risk and agree ownership.',
      'Implement policies, notices, contracts and procedures.',
      'Train staff and set up ongoing monitoring.',
    ],
    deliverables: [
      'Personal data flow maps and record of processing activities',
      'Gap analysis and risk-ranked remediation plan',
      'Privacy notices, retention schedule and policy suite',
      'Processor contract and international transfer review',
      'Rights-request and breach-management procedures',
    ],
    timeline: '10-20 weeks',
    benefits: [
      'Confidence in your compliance position with regulators and clients',
      'Faster, cheaper handling of rights requests',
      'Reduced risk of fines and reputational damage',
      'Privacy that supports, rather than blocks, new services',
    ],
    metrics: {
      'Reduction in high-risk compliance gaps': '80%',
      'Faster subject access responses': '50%',
      'Processing activities documented': '100%',
      'Processor contracts reviewed': '100%',
    },
    testimonial: {
      quote:
        'The programme was thorough without being heavy-handed. We now pass client due-diligence questionnaires in days rather than weeks.',
      author: 'General Counsel',
      company: 'UK software company',
    },
    relatedServices: [
      'dpo-as-a-service',
      'data-protection-development-services',
      'data-risk-assessment',
    ],
    keywords: ['UK GDPR compliance', 'Data Protection Act 2018', 'PECR'],
  },
  {
    ...requireServiceSummary('data-protection-development-services'),
    description:
      'Our engineers build data protection into the systems you develop: consent management, rights-request automation, pseudonymisation and retention controls, delivered as working code rather than recommendations.',
    detailedDescription: [
      'Article 25 of UK GDPR requires data protection by design and by default. In practice that means decisions made by developers, architects and product owners. We work inside your delivery teams to turn legal requirements into user stories, patterns and automated controls.',
      'Typical work includes consent and preference platforms, automated subject access and erasure workflows, pseudonymised analytics environments, retention jobs and privacy checks in CI/CD pipelines, each documented so your teams can run and extend them.',
    ],
    approach: [
      'Review the product backlog and architecture for privacy requirements.',
      'Translate legal obligations into user stories and acceptance criteria.',
      'Design reusable privacy patterns and components.',
      'Build and test controls alongside your delivery team.',
      'Hand over with documentation, runbooks and training.',
    ],
    deliverables: [
      'Privacy requirements and design patterns for your platform',
      'Consent and preference management implementation',
      'Automated subject access and erasure workflows',
      'Pseudonymisation and data minimisation controls',
      'Privacy checks integrated into CI/CD pipelines',
    ],
    timeline: '8-16 weeks',
    benefits: [
      'Compliance built in rather than bolted on',
      'Rights requests handled in minutes, not days',
      'Smaller breach impact through minimisation and pseudonymisation',
      'Reusable components that speed up future projects',
    ],
    metrics: {
      'Reduction in manual rights-request effort': '75%',
      'Personal data fields minimised': '40%',
      'Releases with automated privacy checks': '100%',
      'Faster privacy sign-off for new features': '50%',
    },
    testimonial: {
      quote:
        'They automated our erasure process end to end. What took a person two days per request now runs overnight with a full audit trail.',
      author: 'Engineering Manager',
      company: 'UK fintech scale-up',
    },
    relatedServices: ['data-protection', 'data-security-trust', 'data-engineering'],
    keywords: ['privacy by design', 'privacy engineering', 'consent management'],
  },
  {
    ...requireServiceSummary('data-audits'),
    description:
      'A fast, independent audit that tells you what data you hold, how good it is, who can reach it and where the risks lie, with a prioritised action plan rather than a long list of findings.',
    detailedDescription: [
      'Before a migration, an acquisition, a regulatory review or a new strategy, you need an objective view of your data. Our audits combine automated profiling of your systems with interviews and control testing to build that view quickly.',
      'Findings are rated by business impact and effort to fix, so you can see immediately which issues need attention this quarter and which can wait.',
    ],
    approach: [
      'Agree scope, systems and audit criteria.',
      'Profile data sources for quality, duplication and sensitivity.',
      'Test access controls, retention and data-handling practices.',
      'Rate findings by impact and effort.',
      'Present results and an action plan to leadership.',
    ],
    deliverables: [
      'Data inventory and sensitivity classification',
      'Data quality profile for each system in scope',
      'Control and compliance findings with risk ratings',
      'Prioritised remediation plan',
      'Executive summary and presentation',
    ],
    timeline: '4-8 weeks',
    benefits: [
      'An objective baseline before major change',
      'Hidden risks found before regulators or attackers find them',
      'Effort focused on the issues that matter most',
      'Evidence for boards, auditors and investors',
    ],
    metrics: {
      'Data sources profiled per audit': '30+',
      'Redundant data identified': '35%',
      'High-risk findings remediated in 90 days': '90%',
      'Time to a full baseline': '6 weeks',
    },
    testimonial: {
      quote:
        'The audit gave us a clear picture before our platform migration and found a third of our data was duplicated or obsolete. We did not move any of it.',
      author: 'IT Director',
      company: 'UK insurance broker',
    },
    relatedServices: ['data-risk-assessment', 'data-governance', 'data-modernisation-migration'],
    keywords: ['data audit', 'data quality assessment', 'data inventory'],
  },
];
