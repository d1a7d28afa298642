import { requireServiceSummary } from '@/content/service-catalogue';
import type { Service } from '@/content/types';

/** AI pillar: the four AI services, in the product's fixed order. */
export const aiServices: readonly Service[] = [
  {
    ...requireServiceSummary('genai-integration'),
    description:
      'We integrate generative AI into the systems your people and customers already use, from knowledge assistants grounded in your own documents to automated drafting and summarisation, with security, evaluation and governance designed in.',
    detailedDescription: [
      'Generative AI delivers real value when it is connected to trusted data and embedded in a workflow. We design retrieval-augmented generation over your knowledge bases, integrate models with your applications through secure APIs, and put guardrails in place for accuracy, privacy and cost.',
      'Every solution is evaluated against agreed quality measures before go-live and monitored afterwards. We help you choose between hosted and private models, manage prompts and versions, and stay within UK GDPR and your own risk appetite.',
    ],
    approach: [
      'Identify and prioritise high-value use cases with business owners.',
      'Assess data readiness, security and regulatory constraints.',
      'Build a proof of value with clear evaluation criteria.',
      'Engineer the production solution with guardrails and monitoring.',
      'Roll out with training, feedback loops and continuous evaluation.',
    ],
    deliverables: [
      'Prioritised generative AI use-case backlog',
      'Proof of value with evaluation results',
      'Production integration with retrieval, guardrails and logging',
      'AI usage policy and model risk documentation',
      'Monitoring dashboard for quality, cost and adoption',
    ],
    timeline: '10-20 weeks',
    benefits: [
      'Hours saved on drafting, searching and summarising',
      'Answers grounded in your own approved content',
      'Controlled costs and data kept within agreed boundaries',
      'A repeatable pattern for the next use case',
    ],
    metrics: {
      'Time saved on knowledge tasks': '40%',
      'Answer accuracy on evaluation set': '92%',
      'Faster document turnaround': '3x',
      'User adoption after 90 days': '80%',
    },
    testimonial: {
      quote:
        'Our advisers now get sourced answers from thousands of policy documents in seconds. Accuracy was proven before launch, which won over compliance.',
      author: 'Head of Customer Operations',
      company: 'UK insurance provider',
    },
    relatedServices: ['genai-training-development', 'agentic-ai', 'ai-readiness-assessment'],
    keywords: ['generative AI', 'LLM integration', 'retrieval-augmented generation'],
  },
  {
    ...requireServiceSummary('genai-training-development'),
    description:
      'Role-based generative AI training that takes your people from curiosity to confident, responsible use, with practical exercises built on your own tools, data and policies.',
    detailedDescription: [
      'The biggest barrier to value from AI is rarely the technology; it is knowing how to use it well and safely. Our programmes cover three audiences: executives who need to set direction and manage risk, business users who want to work faster, and technical teams who build AI solutions.',
      'Sessions are practical and grounded in your context. We also help you develop internal AI champions, prompt libraries and an acceptable-use policy, so learning continues after the course ends.',
    ],
    approach: [
      'Assess current skills, tools and policies through a short survey.',
      'Design role-based learning paths and exercises.',
      'Deliver workshops, labs and clinics in person or online.',
      'Build prompt libraries and a champions network.',
      'Measure adoption and confidence, then refine the programme.',
    ],
    deliverables: [
      'Skills assessment and tailored learning plan',
      'Executive briefing on AI strategy, risk and regulation',
      'Practitioner workshops with hands-on exercises',
      'Engineering labs on retrieval, evaluation and guardrails',
      'Prompt library and AI acceptable-use policy',
    ],
    timeline: '4-12 weeks',
    benefits: [
      'Confident, responsible use of AI across the organisation',
      'Productivity gains in everyday tasks',
      'Fewer risky uses of unapproved tools',
      'Internal champions who keep capability growing',
    ],
    metrics: {
      'Participants reporting higher confidence': '94%',
      'Weekly time saved per trained user': '3 hours',
      'Staff trained per programme': '250+',
      'Average session rating': '4.8/5',
    },
    testimonial: {
      quote:
        'The training was practical from the first hour. Our teams left with prompts they use daily and a clear sense of what is and is not allowed.',
      author: 'Chief People Officer',
      company: 'UK professional services firm',
    },
    relatedServices: ['genai-integration', 'ai-readiness-assessment'],
    keywords: ['AI training', 'generative AI skills', 'prompt engineering'],
  },
  {
    ...requireServiceSummary('ai-readiness-assessment'),
    description:
      'A focused assessment of your readiness for AI across strategy, data, technology, skills and governance, ending in a scored baseline and a prioritised plan of the first use cases worth pursuing.',
    detailedDescription: [
      'Most organisations feel pressure to adopt AI but are unsure where they stand. Our assessment answers that quickly and objectively. We score readiness across five dimensions, test the quality and accessibility of the data that candidate use cases depend on, and review governance against emerging regulation and guidance.',
      'You receive a clear picture of strengths and gaps, a shortlist of feasible, valuable use cases and a practical roadmap, so the next investment decision is well informed.',
    ],
    approach: [
      'Interview leaders and run a short organisation-wide survey.',
      'Score readiness across strategy, data, technology, skills and governance.',
      'Assess data quality and access for candidate use cases.',
      'Shortlist and size use cases by value and feasibility.',
      'Present a readiness report and 90-day action plan.',
    ],
    deliverables: [
      'AI readiness scorecard across five dimensions',
      'Data readiness review for priority use cases',
      'AI governance and risk gap analysis',
      'Shortlist of use cases with value estimates',
      'Roadmap and 90-day action plan',
    ],
    timeline: '4-8 weeks',
    benefits: [
      'An objective baseline for AI investment decisions',
      'Early visibility of data and governance blockers',
      'Use cases chosen for value, not hype',
      'Leadership aligned on a realistic plan',
    ],
    metrics: {
      'Use cases assessed': '20+',
      'Readiness dimensions scored': '5',
      'Faster path to first AI pilot': '50%',
      'Leaders aligned on priorities': '90%',
    },
    testimonial: {
      quote:
        'We came in with forty AI ideas and left with three we could fund, plus a frank view of the data work needed first.',
      author: 'Director of Transformation',
      company: 'UK local authority',
    },
    relatedServices: ['data-strategy', 'genai-integration', 'agentic-ai'],
    keywords: ['AI readiness', 'AI maturity assessment', 'AI roadmap'],
  },
  {
    ...requireServiceSummary('agentic-ai'),
    description:
      'We design and build AI agents that complete multi-step tasks, such as triaging cases, gathering evidence and preparing decisions, across your systems, with clear permissions, human approval points and full audit trails.',
    detailedDescription: [
      'Agentic AI goes beyond answering questions: agents use tools, call APIs and coordinate steps to finish a piece of work. Done well, they remove hours of repetitive effort from operations teams. Done badly, they create new risks. We focus on narrow, well-defined processes where the gains are clear and the controls are strong.',
      'Our agents operate with least-privilege access, log every action, escalate uncertainty to a person and are evaluated against realistic scenarios before release. We build on open standards so you are not locked into a single model provider.',
    ],
    approach: [
      'Map candidate processes and select those suited to automation by agents.',
      'Design agent roles, tools, permissions and human approval points.',
      'Build and test agents against realistic scenarios.',
      'Pilot with a controlled user group and measure outcomes.',
      'Scale to production with monitoring, audit and continuous evaluation.',
      'Hand over operating procedures and train your team.',
    ],
    deliverables: [
      'Process assessment and agent opportunity map',
      'Agent architecture with tool and permission design',
      'Production agents with audit logging and human-in-the-loop controls',
      'Evaluation suite and monitoring dashboards',
      'Operating model, runbooks and risk documentation',
    ],
    timeline: '16-28 weeks',
    benefits: [
      'Multi-step processes completed in minutes instead of hours',
      'Staff freed for judgement and customer-facing work',
      'Every agent action traceable and auditable',
      'A controlled path from pilot to scale',
    ],
    metrics: {
      'Reduction in case handling time': '55%',
      'Tasks completed without rework': '90%',
      'Agent actions with full audit trail': '100%',
      'Capacity released per team': '30%',
    },
    testimonial: {
      quote:
        'The agent now prepares every complaint file before a handler opens it. Handling time has halved and we can see exactly what it did and why.',
      author: 'Head of Operations',
      company: 'UK consumer lender',
    },
    relatedServices: [
      'genai-integration',
      'ai-readiness-assessment',
      'itsm-consolidation-services',
    ],
    keywords: ['agentic AI', 'AI agents', 'intelligent automation'],
  },
];
