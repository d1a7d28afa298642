import { site } from '@/config/site';
import { bullets, link, paragraph } from '@/content/policies/policy-blocks';
import { policySignatory } from '@/content/policies/signatory';
import type { PolicyDocument } from '@/content/types';

/** /modern-slavery: the modern slavery and human trafficking statement. */
export const modernSlaveryStatement: PolicyDocument = {
  slug: 'modern-slavery',
  title: 'Modern Slavery Statement',
  description: `${site.name}’s statement on preventing modern slavery and human trafficking in our business and supply chains, including supplier due diligence.`,
  summary: `This statement sets out the steps ${site.legalName} takes to prevent modern slavery and human trafficking in our business and our supply chains. It covers the financial year ending 31 March 2025.`,
  date: '2025-08-25',
  dateLabel: 'Last updated',
  sections: [
    {
      id: 'introduction',
      heading: 'Our commitment',
      blocks: [
        paragraph(
          'Modern slavery, including forced labour, servitude and human trafficking, is a serious crime and a violation of fundamental human rights. We have zero tolerance for it in any form, in our own business or anywhere in our supply chains.',
        ),
        paragraph(
          `Our turnover is below the threshold at which section 54 of the Modern Slavery Act 2015 requires a statement. We publish this statement voluntarily because our public-sector and regulated clients rightly expect transparency from their suppliers, and because it is the right thing to do.`,
        ),
      ],
    },
    {
      id: 'organisation',
      heading: 'Our organisation and supply chains',
      blocks: [
        paragraph(
          `${site.name} is a UK data and AI consultancy with its registered office in London. Our people are employed directly in the United Kingdom or engaged as UK-based independent consultants, and all are paid at or above the Real Living Wage.`,
        ),
        paragraph(
          'Our supply chains are short and largely digital. Our main categories of supplier are:',
        ),
        bullets(
          'cloud hosting, software and software-as-a-service providers;',
          'IT hardware, bought from established UK resellers;',
          'associate consultants and specialist subcontractors;',
          'professional services such as legal, accounting and insurance;',
          'office services, travel and events.',
        ),
        paragraph(
          'We consider the highest residual risks to lie in the manufacture of IT hardware and in outsourced facilities services, where global supply chains and low-wage labour are more common.',
        ),
      ],
    },
    {
      id: 'policies',
      heading: 'Our policies',
      blocks: [
        paragraph('Our commitment is set out in, and supported by, the following policies:'),
        bullets(
          'Anti-Slavery and Human Trafficking Policy, which applies to all staff, associates and suppliers;',
          'Supplier Code of Conduct, covering labour standards, fair pay, working hours, freedom of association and the right to work;',
          'Whistleblowing Policy, which allows anyone to raise concerns confidentially and without fear of reprisal;',
          'Recruitment Policy, including right-to-work checks and a ban on charging recruitment fees to candidates;',
          'Anti-Bribery and Corruption Policy and Ethical Procurement Policy.',
        ),
        paragraph(
          'These policies are reviewed every year by the directors and are available to clients on request.',
        ),
      ],
    },
    {
      id: 'supplier-due-diligence',
      heading: 'Supplier due diligence',
      blocks: [
        paragraph('Before we engage a new supplier, and periodically afterwards, we:'),
        bullets(
          'assess the supplier’s modern slavery risk by sector, country of operation and the nature of the goods or services;',
          'check that suppliers required to publish a modern slavery statement have done so, and review its content;',
          'ask higher-risk suppliers to complete a questionnaire on labour practices, sub-contracting and recruitment;',
          'prefer suppliers that hold recognised responsible-sourcing certifications, particularly for IT hardware;',
          'verify the right to work and the pay arrangements of every associate consultant we engage.',
        ),
        paragraph(
          'Where we identify concerns, we work with the supplier on a time-bound improvement plan. If a supplier is unwilling to address a serious concern, we end the relationship.',
        ),
      ],
    },
    {
      id: 'supplier-confirmations',
      heading: 'Supplier confirmations',
      blocks: [
        paragraph(
          'Our contracts and onboarding process require every supplier to confirm in writing that:',
        ),
        bullets(
          'they comply with the Modern Slavery Act 2015 and all applicable employment law;',
          'they do not use forced, bonded, compulsory or child labour, and do not retain workers’ identity documents;',
          'they pay at least the legal minimum wage and respect legal limits on working hours;',
          'they impose equivalent obligations on their own suppliers and subcontractors;',
          'they will tell us promptly if they become aware of any actual or suspected modern slavery connected to our work, and allow us to audit compliance.',
        ),
        paragraph(
          'In the year covered by this statement, all of our key suppliers provided these confirmations, and no instances of modern slavery were identified or reported.',
        ),
      ],
    },
    {
      id: 'training',
      heading: 'Training and awareness',
      blocks: [
        paragraph(
          'All staff complete modern slavery awareness training when they join and every year after. Staff who buy goods and services or manage suppliers receive additional training on recognising risk indicators and escalating concerns.',
        ),
      ],
    },
    {
      id: 'effectiveness',
      heading: 'Measuring effectiveness',
      blocks: [
        paragraph('We track the following indicators and report them to the directors each year:'),
        bullets(
          'the proportion of key suppliers that have completed risk assessment and provided written confirmations;',
          'the proportion of staff who have completed annual training;',
          'the number of concerns raised through our whistleblowing channel and how they were resolved.',
        ),
        paragraph(
          'Concerns can be reported confidentially to ',
          link(site.contactEmail, `mailto:${site.contactEmail}`),
          ' or directly to the Modern Slavery and Exploitation Helpline on 08000 121 700.',
        ),
      ],
    },
    {
      id: 'approval',
      heading: 'Approval',
      blocks: [
        paragraph(
          `This statement has been approved by the board of directors of ${site.legalName}, which will review and update it each year.`,
        ),
        paragraph(`Signed: ${policySignatory.name}, ${policySignatory.role}`),
      ],
    },
  ],
};
