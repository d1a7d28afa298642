import { monthsLabel, retention } from '@/config/retention';
import { limits, site } from '@/config/site';
import { bullets, link, paragraph, table } from '@/content/policies/policy-blocks';
import type { PolicyDocument } from '@/content/types';

const privacyMail = link(site.privacyEmail, `mailto:${site.privacyEmail}`);
const address = `${site.address.streetAddress}, ${site.address.addressLocality} ${site.address.postalCode}`;

/** /privacy-policy, last updated 25 August 2025. */
export const privacyPolicy: PolicyDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  description: `How ${site.name} collects, uses, stores and protects personal data under UK GDPR and the Data Protection Act 2018, and how to exercise your rights.`,
  summary: `This policy explains how ${site.legalName} collects and uses personal data when you visit our website, contact us or work with us, and the rights you have under UK data protection law.`,
  date: '2025-08-25',
  dateLabel: 'Last updated',
  sections: [
    {
      id: 'controller',
      heading: 'Who we are',
      blocks: [
        paragraph(
          `${site.legalName} (trading as ${site.name}) is the controller of the personal data described in this policy. We are a company registered in England and Wales under company number ${site.companyNumber}, with our registered office at ${address}, United Kingdom.`,
        ),
        paragraph(
          'We are responsible for deciding how and why your personal data is processed, and we comply with the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations 2003 (PECR). We are registered with the Information Commissioner’s Office (ICO).',
        ),
        paragraph(
          'Our Data Protection Officer oversees how we handle personal data. You can contact them at ',
          privacyMail,
          ' with any question about this policy.',
        ),
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'The personal data we collect',
      blocks: [
        paragraph('Depending on how you interact with us, we may collect the following:'),
        bullets(
          'Enquiry details you give us through the contact form: your full name, e-mail address, company or organisation, and optionally your job title and telephone number, together with your service interest, project timeline and message. We also record the network (IP) address the enquiry came from, used only to limit how many enquiries one network can send, and our staff’s notes on how the enquiry was handled.',
          'Where your visit came from, sent with an enquiry: the page of our website your visit started on (its address without anything after a “?” or “#”), the name of the website that linked you there (for example www.linkedin.com, never the page on it), and any campaign tags (utm_source, utm_medium and utm_campaign) in the address of that first page. Your browser keeps these in memory only, for as long as you stay on our website, and sends them only with your enquiry: nothing is stored on your device and nothing is sent before you send the enquiry, so no cookie, and no consent, is involved.',
          'Correspondence: the content of e-mails, calls and meetings with us, and any details you share in them.',
          'Client and supplier contact details: names, job titles and business contact details of people at organisations we work with.',
          'Technical data: your IP address, browser type and version, device information, pages visited and referring website, collected through server logs and, only with your consent, analytics cookies.',
          'Cookie preferences: the choices you make in our cookie banner.',
          'Administrator accounts: for our own staff only, the e-mail address, name, password hash and authenticator-app (multi-factor) registration used to sign in to our website’s administration area, and a log of what they do there.',
        ),
        paragraph(
          'We do not intentionally collect special category data (such as health information) through our website, and we ask you not to include it in enquiries. Our website is not intended for children.',
        ),
      ],
    },
    {
      id: 'purposes',
      heading: 'How we use your personal data',
      blocks: [
        paragraph('We use personal data to:'),
        bullets(
          `respond to your enquiry, usually within ${limits.enquiryReplyHours} hours, and arrange a consultation if you request one;`,
          'prepare proposals and deliver services to our clients, and manage our relationships with clients and suppliers;',
          'operate, secure and improve our website, including preventing spam and abuse of our forms;',
          'learn which of our pages, referring websites and campaigns bring us enquiries, from the source sent with each one;',
          'understand how visitors use our website, where you have consented to analytics cookies;',
          'send you insights and event invitations where you have agreed to receive them;',
          'meet our legal, regulatory, accounting and tax obligations, and establish or defend legal claims.',
        ),
      ],
    },
    {
      id: 'legal-bases',
      heading: 'Our legal bases for processing',
      blocks: [
        paragraph(
          'Under UK GDPR we must have a lawful basis for each use of your data. We rely on:',
        ),
        table(
          'Lawful bases for each purpose',
          ['Purpose', 'Lawful basis'],
          [
            [
              'Responding to enquiries and arranging consultations',
              'Legitimate interests (responding to people who contact us) or steps taken at your request before entering into a contract',
            ],
            ['Delivering services to clients', 'Performance of a contract'],
            [
              'Operating and securing the website',
              'Legitimate interests (keeping our website available and secure)',
            ],
            [
              'Learning where enquiries come from',
              'Legitimate interests (knowing which pages and campaigns bring us enquiries)',
            ],
            ['Analytics and marketing cookies', 'Consent, which you can withdraw at any time'],
            [
              'Marketing e-mails',
              'Consent, or for existing clients the soft opt-in under PECR regulation 22',
            ],
            ['Legal, accounting and tax records', 'Legal obligation'],
          ],
        ),
        paragraph(
          'Where we rely on legitimate interests, we have balanced our interests against your rights and freedoms. You can ask us for details of that assessment.',
        ),
      ],
    },
    {
      id: 'storage-and-retention',
      heading: 'How we store and protect your data',
      blocks: [
        paragraph(
          `Enquiries submitted through our website are stored in a managed database hosted by our cloud provider in ${site.hostingLocation}. Only staff accounts holding the administrator role can read them, and those staff sign in with a password and a code from an authenticator app (multi-factor authentication). The database itself checks on every request, not only our website, that the account holds the administrator role and has entered its authenticator-app code in this session; with the password alone it refuses staff access to enquiries.`,
        ),
        paragraph(
          'The database keeps an audit log of sign-ins and sign-outs, of every change to an enquiry (its status, who it is assigned to, when we last contacted you, internal notes and deletions), of exports of enquiries, of changes to who holds the administrator role, and of each look-up, export or erasure of a person’s data. The log records which staff account acted and when; it does not copy the content of your enquiry.',
        ),
        paragraph(
          'We protect personal data with measures certified under ISO/IEC 27001 and Cyber Essentials+, including encryption in transit and at rest, least-privilege access and regular security testing.',
        ),
        paragraph('We keep personal data only for as long as we need it:'),
        bullets(
          `Enquiries, with our notes on them, the network address they came from and the notification e-mails about them: ${monthsLabel(retention.enquiryMonths)} from our last contact with you (or from when you sent the enquiry, if we never replied). An automatic job deletes them every day once that period has passed. If we delete an enquiry sooner, the notification e-mails about it go ${monthsLabel(retention.enquiryMonths)} after you sent it.`,
          `Audit log entries: ${monthsLabel(retention.auditLogMonths)}, deleted by the same daily job.`,
          'If an enquiry leads to an engagement, the details we need move into our client records, which we keep as set out below.',
          'Client and supplier records: six years after the end of the contract, to meet legal and tax obligations.',
          'Marketing preferences: until you unsubscribe, after which we keep a suppression record so we do not contact you again.',
          'Cookie consent records: 12 months, after which we ask again.',
          'Server logs: 90 days.',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share your data with',
      blocks: [
        paragraph(
          'We do not sell your personal data. We share it only with organisations that help us run our business, under written contracts that require them to protect it and use it only on our instructions:',
        ),
        bullets(
          'our cloud hosting and database provider, which stores enquiries and website data;',
          'our transactional e-mail provider, which delivers the notification our staff receive about each enquiry and the confirmation we send to you, and so processes your name, e-mail address and enquiry for that purpose;',
          'e-mail, productivity and customer relationship management providers;',
          'analytics providers, only where you have consented to analytics cookies;',
          'professional advisers such as lawyers, accountants and auditors;',
          'law enforcement, regulators or courts where the law requires us to.',
        ),
        paragraph(
          'If our business is sold or restructured, personal data may be transferred to the new owner under the same protections.',
        ),
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      blocks: [
        paragraph(
          `Our primary hosting is in ${site.hostingLocation}. The European Economic Area benefits from UK adequacy regulations, so transfers there need no further safeguards.`,
        ),
        paragraph(
          'Some of our service providers may access data from other countries, for example for technical support. Where personal data is transferred outside the UK to a country without UK adequacy regulations, we use the ICO’s International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses, supported by a transfer risk assessment. You can ask us for a copy of the safeguards that apply.',
        ),
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        paragraph('Under UK data protection law you have the right to:'),
        bullets(
          'be informed about how we use your personal data;',
          'access the personal data we hold about you;',
          'have inaccurate data corrected;',
          'have your data erased in certain circumstances;',
          'restrict how we use your data in certain circumstances;',
          'data portability, where processing is based on consent or contract and carried out by automated means;',
          'object to processing based on legitimate interests, and to direct marketing at any time;',
          'withdraw consent at any time, without affecting processing carried out before you withdrew it;',
          'not be subject to decisions based solely on automated processing that significantly affect you. We do not make such decisions.',
        ),
        paragraph(
          'To exercise any of these rights, e-mail ',
          privacyMail,
          '. We will respond within one month and will not usually charge a fee. We may need to confirm your identity first.',
        ),
        paragraph(
          'For enquiries sent through our website, our staff can find everything the database holds under your e-mail address, give it to you as a machine-readable JSON file, and erase it everywhere at once: your enquiries, our notes on them, their network addresses and notification e-mails, and your address in our audit log and in our notes on other enquiries that mention it. The log then keeps only a record that an erasure took place, when, by whom and how many records it removed, never your details. Copies in our e-mail inboxes and other systems are found and deleted by hand.',
        ),
        paragraph(
          'If you are unhappy with how we have handled your data, please contact us first so we can try to put it right. You also have the right to complain to the Information Commissioner’s Office at ',
          link('ico.org.uk/make-a-complaint', 'https://ico.org.uk/make-a-complaint/'),
          ' or on 0303 123 1113.',
        ),
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        paragraph(
          'We use strictly necessary cookies to make our website work, and, only with your consent, functionality and marketing cookies. You can accept, reject or customise cookies in the banner shown on your first visit, and change your choice at any time. Full details of each cookie and how to control them are in our ',
          link('Cookie Policy', '/cookie-policy'),
          '.',
        ),
      ],
    },
    {
      id: 'marketing',
      heading: 'Marketing',
      blocks: [
        paragraph(
          'We send marketing e-mails, such as new whitepapers, articles and event invitations, only to people who have asked to receive them, or to existing clients about similar services where PECR allows. Every message includes an unsubscribe link, and you can also opt out by e-mailing ',
          privacyMail,
          '.',
        ),
        paragraph('We never pass your details to third parties for their own marketing.'),
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us and changes to this policy',
      blocks: [
        paragraph(
          'For any question about this policy or your personal data, contact our Data Protection Officer:',
        ),
        bullets(
          ['E-mail: ', privacyMail],
          `Post: Data Protection Officer, ${site.legalName}, ${address}, United Kingdom`,
        ),
        paragraph(
          'We review this policy regularly and will post any changes on this page with a new “last updated” date. Where changes are significant, we will tell you directly if we hold your contact details.',
        ),
      ],
    },
  ],
};
