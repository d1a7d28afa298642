import { requireServiceSummary } from '@/content/service-catalogue';
import type { Service } from '@/content/types';

/**
 * Data pillar, part two: architecture, engineering, metadata, security, risk and analytics
 * (the last six Data services, in product order). Part one is services-data.ts.
 */
export const dataPlatformServices: readonly Service[] = [
  {
    ...requireServiceSummary('data-architecture'),
    description:
      'We design the data architecture your strategy needs: how data is captured, integrated, stored, governed and served, with patterns and standards your engineers can build against with confidence.',
    detailedDescription: [
      'Point solutions accumulate until nobody can say where a figure came from. We map your current landscape, understand the workloads it must support, from operational reporting to machine learning, and design a coherent target architecture with a pragmatic path to reach it.',
      'We are vendor-neutral. Whether the answer is a lakehouse, a warehouse, a data mesh or a careful evolution of what you already run, the recommendation is driven by your requirements, skills and budget.',
    ],
    approach: [
      'Document the current data landscape, flows and pain points.',
      'Capture functional and non-functional requirements with stakeholders.',
      'Evaluate architectural options and technologies against agreed criteria.',
      'Design the target architecture, standards and reference patterns.',
      'Produce a transition plan with architecture decision records.',
    ],
    deliverables: [
      'Current-state architecture and data flow diagrams',
      'Target-state data architecture and reference patterns',
      'Technology evaluation and recommendation',
      'Architecture decision records',
      'Phased transition roadmap',
    ],
    timeline: '8-16 weeks',
    benefits: [
      'A single, understood blueprint for every data project',
      'Lower integration and licensing costs',
      'Platforms that scale with new workloads, including AI',
      'Faster delivery through reusable patterns',
    ],
    metrics: {
      'Reduction in integration costs': '30%',
      'Fewer duplicated data pipelines': '40%',
      'Faster onboarding of new data sources': '50%',
      'Platform availability': '99.9%',
    },
    testimonial: {
      quote:
        'We finally have one architecture that every team builds against. New data sources now take days to onboard, not months.',
      author: 'Head of Enterprise Architecture',
      company: 'UK utilities provider',
    },
    relatedServices: ['data-engineering', 'cloud-data-platform-design', 'data-strategy'],
    keywords: ['data architecture', 'lakehouse', 'data platform design'],
  },
  {
    ...requireServiceSummary('data-engineering'),
    description:
      'Our engineers build and run the pipelines, models and platforms that move data from source systems into trusted, analytics-ready products, with testing, monitoring and cost control built in.',
    detailedDescription: [
      'Good analytics and AI depend on unglamorous engineering done well. We build ingestion, transformation and serving layers using modern tooling, apply software engineering discipline through version control, automated tests and CI/CD, and monitor pipelines so failures are caught before users notice.',
      'We work in blended teams with your engineers, pairing and documenting as we go so that your team can own and extend the platform with confidence.',
    ],
    approach: [
      'Prioritise data products with business owners.',
      'Design ingestion and transformation patterns and standards.',
      'Build pipelines with automated tests, lineage and monitoring.',
      'Optimise performance and cloud spend.',
      'Hand over with runbooks, documentation and pairing.',
    ],
    deliverables: [
      'Production data pipelines and analytics-ready data models',
      'Automated testing, CI/CD and data observability',
      'Data lineage and technical documentation',
      'Cost and performance optimisation report',
      'Runbooks and knowledge transfer sessions',
    ],
    timeline: '12-24 weeks',
    benefits: [
      'Data delivered reliably and on schedule',
      'Fewer broken reports and late-night fixes',
      'Lower cloud compute costs',
      'An engineering team that owns what it runs',
    ],
    metrics: {
      'Pipeline reliability': '99.5%',
      'Reduction in data processing time': '65%',
      'Lower cloud compute spend': '30%',
      'Reduction in data incidents': '70%',
    },
    testimonial: {
      quote:
        'Overnight loads that used to fail twice a week now just work, and our own engineers understand every line of the platform.',
      author: 'Head of Business Intelligence',
      company: 'UK logistics company',
    },
    relatedServices: [
      'data-architecture',
      'data-modernisation-migration',
      'data-science-analytics',
    ],
    keywords: ['data engineering', 'data pipelines', 'ELT', 'data observability'],
  },
  {
    ...requireServiceSummary('data-catalog-metadata-management'),
    description:
      'We select, implement and populate a data catalogue that tells people what data exists, what it means, where it came from and who owns it, turning tribal knowledge into a shared, searchable asset.',
    detailedDescription: [
      'Analysts commonly spend a large share of their time finding and understanding data. A well-run catalogue cuts that dramatically, but only if it is populated with trustworthy metadata and kept current. We focus on both: automated harvesting of technical metadata and lineage, and a lightweight process for owners to curate business definitions.',
      'We have implemented catalogues for regulated financial services firms and government departments, integrating them with governance workflows, access requests and data quality monitoring.',
    ],
    approach: [
      'Define catalogue use cases and success measures with users.',
      'Select the right tool through a structured evaluation.',
      'Connect sources and automate metadata and lineage harvesting.',
      'Curate business glossary terms and ownership with stewards.',
      'Drive adoption through training, champions and usage reporting.',
    ],
    deliverables: [
      'Catalogue tool selection and implementation',
      'Automated metadata and lineage harvesting for priority sources',
      'Curated business glossary linked to physical data',
      'Stewardship workflows and metadata standards',
      'Adoption plan and usage dashboard',
    ],
    timeline: '10-16 weeks',
    benefits: [
      'Data found in minutes instead of days',
      'Consistent definitions across teams and reports',
      'End-to-end lineage for impact analysis and audit',
      'A foundation for governance and AI initiatives',
    ],
    metrics: {
      'Faster data discovery': '70%',
      'Critical datasets catalogued': '95%',
      'Reduction in duplicate data requests': '50%',
      'Glossary terms agreed in phase one': '300+',
    },
    testimonial: {
      quote:
        'Our catalogue is now the first place analysts go. Lineage alone has saved us weeks of impact analysis on every system change.',
      author: 'Chief Data Officer',
      company: 'UK government department',
    },
    relatedServices: ['data-governance', 'data-architecture', 'data-audits'],
    keywords: ['data catalogue', 'metadata management', 'data lineage', 'business glossary'],
  },
  {
    ...requireServiceSummary('data-security-trust'),
    description:
      'We secure the data itself, not just the perimeter: classifying what is sensitive, controlling who can see it, encrypting it in transit and at rest, and monitoring how it is used so you can prove it is safe.',
    detailedDescription: [
      'Breaches increasingly start with legitimate credentials used in illegitimate ways. Our data-centric security approach combines classification, least-privilege access, encryption, masking and activity monitoring, aligned to frameworks such as ISO/IEC 27001 and the NCSC Cyber Assessment Framework.',
      'We balance protection with usability, so analysts and engineers keep the access they need while sensitive fields stay protected. Trust is earned with evidence: we help you report on controls to boards, auditors and customers.',
    ],
    approach: [
      'Discover and classify sensitive data across your estate.',
      'Assess access rights, encryption and monitoring against policy.',
      'Design role- and attribute-based access and masking controls.',
      'Implement controls and data activity monitoring.',
      'Report control effectiveness and embed regular reviews.',
    ],
    deliverables: [
      'Data classification scheme and sensitive data inventory',
      'Access control and masking design',
      'Encryption and key management review',
      'Data activity monitoring and alerting',
      'Control assurance report for audit and board',
    ],
    timeline: '8-16 weeks',
    benefits: [
      'Sensitive data protected wherever it lives',
      'Least-privilege access without slowing people down',
      'Evidence for certifications and customer assurance',
      'Faster detection of misuse',
    ],
    metrics: {
      'Reduction in excessive access rights': '60%',
      'Sensitive data classified': '98%',
      'Faster detection of anomalous access': '80%',
      'Audit findings closed first time': '100%',
    },
    testimonial: {
      quote:
        'We cut excessive access by more than half without a single complaint from the business, and our ISO auditors were impressed by the evidence.',
      author: 'Chief Information Security Officer',
      company: 'UK payments provider',
    },
    relatedServices: ['data-risk-assessment', 'data-protection', 'data-governance'],
    keywords: ['data security', 'data classification', 'access control', 'ISO 27001'],
  },
  {
    ...requireServiceSummary('data-risk-assessment'),
    description:
      'A structured assessment of your data risks, covering security, privacy, quality, resilience and third parties, expressed in business terms so leadership can decide what to accept, mitigate or transfer.',
    detailedDescription: [
      'Data risk is often spread across IT, compliance and operational registers with no single view. We bring it together, assess likelihood and impact consistently, and connect each risk to the controls that reduce it.',
      'The outcome is a data risk register your risk committee can own, a heat map that shows where exposure is concentrated, and a treatment plan with owners and dates.',
    ],
    approach: [
      'Agree the risk taxonomy, appetite and scoring model.',
      'Run risk workshops with data, IT, legal and operational owners.',
      'Review third-party and supply-chain data risks.',
      'Score risks and map existing controls.',
      'Agree treatment plans and integrate with enterprise risk management.',
    ],
    deliverables: [
      'Data risk register with consistent scoring',
      'Risk heat map and executive summary',
      'Third-party data risk review',
      'Control mapping and gap analysis',
      'Risk treatment plan with owners and dates',
    ],
    timeline: '6-10 weeks',
    benefits: [
      'One view of data risk for the board',
      'Investment directed at the largest exposures',
      'Stronger oversight of suppliers handling your data',
      'Better evidence for regulators and insurers',
    ],
    metrics: {
      'Reduction in residual high risks': '55%',
      'Third-party data flows assessed': '100%',
      'Risks with named owners': '100%',
      'Faster risk reporting to the board': '40%',
    },
    testimonial: {
      quote:
        'The assessment gave our risk committee a clear, quantified view of data risk for the first time, and a plan we could track.',
      author: 'Chief Risk Officer',
      company: 'UK asset manager',
    },
    relatedServices: ['data-security-trust', 'data-audits', 'data-protection'],
    keywords: ['data risk assessment', 'data risk register', 'third-party risk'],
  },
  {
    ...requireServiceSummary('data-science-analytics'),
    description:
      'From self-service dashboards to forecasting and predictive models, we turn your data into insight that changes decisions, and we measure the impact so you know it worked.',
    detailedDescription: [
      'We start with the business question, not the algorithm. Whether it is forecasting demand, predicting churn, detecting fraud or simply giving managers a reliable weekly view, we choose the simplest approach that answers it well.',
      'Models are built to be explained and maintained: documented, monitored for drift and deployed into the tools people already use. We also build analytics capability in your team, so insight does not depend on us.',
    ],
    approach: [
      'Frame business questions and define how success will be measured.',
      'Explore and prepare data, testing quality and bias.',
      'Build dashboards or models iteratively with users.',
      'Validate results and explain them in business terms.',
      'Deploy, monitor and hand over to your team.',
    ],
    deliverables: [
      'Interactive dashboards and self-service reporting',
      'Forecasting or predictive models in production',
      'Model documentation and monitoring',
      'Impact measurement against agreed baselines',
      'Analytics training for your team',
    ],
    timeline: '8-20 weeks',
    benefits: [
      'Decisions based on evidence rather than instinct',
      'Earlier warning of risks and opportunities',
      'Measurable uplift in revenue, cost or service',
      'Growing in-house analytics capability',
    ],
    metrics: {
      'Forecast accuracy improvement': '35%',
      'Reduction in reporting effort': '60%',
      'Revenue uplift from targeted campaigns': '12%',
      'Active dashboard users': '500+',
    },
    testimonial: {
      quote:
        'The demand forecast paid for the whole engagement within three months, and our managers actually use the dashboards every morning.',
      author: 'Commercial Director',
      company: 'UK food retailer',
    },
    relatedServices: ['data-engineering', 'genai-integration', 'data-strategy'],
    keywords: ['data science', 'analytics', 'predictive modelling', 'dashboards'],
  },
];
