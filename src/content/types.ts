/**
 * Shapes of the site's static content. Every collection lives in its own module under
 * src/content and is typed against these; pages look items up and pass them down as props.
 */

/** The three service pillars. Colour themes: data blue, ai purple, digital green. */
export type PillarId = 'data' | 'ai' | 'digital';

/** A link shown as a button or text link. `href` is a site path, a `/#contact` anchor or a URL. */
export interface CtaLink {
  label: string;
  href: string;
}

/** Fields every cover-image carrying item shares, so pages can set width/height (no layout shift). */
export interface CoverImage {
  /** Public path, e.g. `/images/case-studies/payment-gateway-big-data.svg`. */
  image: string;
  /** Meaningful alternative text for the cover. */
  imageAlt: string;
  imageWidth: number;
  imageHeight: number;
}

export interface ServiceTestimonial {
  quote: string;
  author: string;
  company: string;
}

export interface Service {
  /** Stable URL key: /service/{slug}. */
  slug: string;
  pillar: PillarId;
  /** Full title for the detail page hero and breadcrumb. */
  title: string;
  /** Short name for cards and lists. */
  name: string;
  /** One sentence for service cards. */
  shortDescription: string;
  /** Hero paragraph on the detail page. */
  description: string;
  /** "What We Do": two or three paragraphs. */
  detailedDescription: readonly string[];
  /** "Our Approach": four to six steps, rendered as a numbered list. */
  approach: readonly string[];
  /** "What You Get". */
  deliverables: readonly string[];
  /** Typical engagement length, e.g. '6-12 weeks'. */
  timeline: string;
  /** "Key Benefits". */
  benefits: readonly string[];
  /** Exactly four label → value marketing figures, e.g. { 'Data quality improvement': '45%' }. */
  metrics: Readonly<Record<string, string>>;
  testimonial: ServiceTestimonial;
  /** Two or three slugs of other services. */
  relatedServices: readonly string[];
  /** Extra search keywords for the page metadata. */
  keywords?: readonly string[];
}

/** The light part of a service, used by cards, tabs, breadcrumbs and routes (service-catalogue.ts). */
export type ServiceSummary = Pick<
  Service,
  'slug' | 'pillar' | 'title' | 'name' | 'shortDescription'
>;

export interface PillarServiceLink {
  name: string;
  slug: string;
}

export interface Pillar {
  id: PillarId;
  /** Section heading, e.g. 'Data Services'. */
  title: string;
  /** Tab label, e.g. 'Data'. */
  label: string;
  description: string;
  /** Derived from services.ts, in the product's fixed order. */
  services: readonly PillarServiceLink[];
}

/** Key the page maps to an inline icon. */
export type TeamIcon =
  | 'leadership'
  | 'strategy'
  | 'governance'
  | 'ai'
  | 'architecture'
  | 'engineering'
  | 'analytics'
  | 'cloud'
  | 'digital'
  | 'security'
  | 'partnerships';

export interface GradientStops {
  /** CSS colour, e.g. '#1d4ed8'. */
  from: string;
  to: string;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  /** Biography, two or three sentences. */
  description: string;
  /** Shown when the photo is missing or fails to load. */
  initials: string;
  icon: TeamIcon;
  gradient: GradientStops;
  /** Public path to a portrait; undefined for most members (initials fallback). */
  photo?: string;
}

export type CaseStudyIndustry = 'Financial Services' | 'Fintech' | 'Energy' | 'Retail';

export interface CaseStudyMetrics {
  /** Headline improvement, e.g. '40%'. */
  improvement: string;
  /** What improved, e.g. 'faster settlement reporting'. */
  improvementLabel: string;
  /** e.g. '6 months'. */
  timeline: string;
  /** e.g. '6 people'. */
  teamSize: string;
}

export interface CaseStudy extends CoverImage {
  id: string;
  title: string;
  industry: CaseStudyIndustry;
  /** Anonymised client description, e.g. 'UK payment gateway'. */
  client: string;
  description: string;
  tags: readonly string[];
  metrics: CaseStudyMetrics;
  featured: boolean;
  /** External PDF, opened in a new tab. */
  pdfUrl: string;
}

export type WhitepaperCategory =
  | 'AI & Machine Learning'
  | 'Data Strategy'
  | 'Cloud Migration'
  | 'Data Governance'
  | 'Analytics'
  | 'Digital Transformation';

export interface Whitepaper extends CoverImage {
  id: string;
  title: string;
  description: string;
  category: WhitepaperCategory;
  /** ISO date, e.g. '2025-03-18'. */
  publishDate: string;
  author: string;
  /** Page count of the PDF. */
  pages: number;
  /** When false the page shows a disabled "Coming Soon" button. All are true today. */
  available: boolean;
  downloadUrl: string;
  featured: boolean;
}

export type ArticleCategory =
  | 'Data Analytics'
  | 'AI Innovation'
  | 'Digital Strategy'
  | 'Cloud Solutions'
  | 'Machine Learning'
  | 'Data Governance'
  | 'Data Catalogue'
  | 'Data Strategy';

export interface Article extends CoverImage {
  id: string;
  title: string;
  description: string;
  author: string;
  /** ISO date. */
  publishDate: string;
  category: ArticleCategory;
  /** e.g. '7 min read'. */
  readTime: string;
  /** External post, opened in a new tab with rel="noopener noreferrer". */
  linkedinUrl: string;
  featured: boolean;
}

export interface Testimonial {
  id: string;
  name: string;
  /** Job title and organisation type. */
  title: string;
  content: string;
  /** Out of 5. */
  rating: number;
}

export interface ClientLogo {
  id: string;
  name: string;
  /** Public path to a monochrome wordmark SVG. */
  logo: string;
  width: number;
  height: number;
}

export type FrameworkBadge = 'Active Supplier' | 'Approved Supplier' | 'Framework Partner';

export interface Framework {
  id: string;
  name: string;
  /** Buying organisation, e.g. 'Crown Commercial Service'. */
  provider: string;
  badge: FrameworkBadge;
  description: string;
  logo: string;
  logoAlt: string;
  width: number;
  height: number;
}

export interface Accreditation {
  id: string;
  name: string;
  badge: 'Certified';
  description: string;
  /** Who issues or certifies it. */
  issuer: string;
  image: string;
  imageAlt: string;
  width: number;
  height: number;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** A statistic such as { value: '30+', label: 'Years combined experience' }. */
export interface Stat {
  value: string;
  label: string;
}

/** A titled tile: value tiles, benefit tiles, mission points. */
export interface Tile {
  id: string;
  title: string;
  description: string;
}

// ---------------------------------------------------------------------------------------------
// Policy documents
// ---------------------------------------------------------------------------------------------

/** An inline link inside policy text. External links (http…) open in a new tab. */
export interface InlineLink {
  text: string;
  href: string;
}

/** A run of inline content: plain strings and links, rendered in order. */
export type Inline = string | InlineLink;

export interface ParagraphBlock {
  type: 'paragraph';
  content: readonly Inline[];
}

export interface SubheadingBlock {
  type: 'subheading';
  /** Rendered as an h3 inside the section. */
  text: string;
}

export interface ListBlock {
  type: 'list';
  /** 'bullet' → ul, 'ordered' → ol. */
  style: 'bullet' | 'ordered';
  items: readonly (readonly Inline[])[];
}

export interface TableBlock {
  type: 'table';
  caption: string;
  columns: readonly string[];
  /** Plain-text cells, one array per row, same length as `columns`. */
  rows: readonly (readonly string[])[];
}

export type PolicyBlock = ParagraphBlock | SubheadingBlock | ListBlock | TableBlock;

export interface PolicySection {
  /** Anchor id, unique within the document. */
  id: string;
  /** Rendered as an h2. */
  heading: string;
  blocks: readonly PolicyBlock[];
}

export interface PolicyDocument {
  /** Route path without the leading slash, e.g. 'privacy-policy'. */
  slug: string;
  title: string;
  /** For the page's meta description. */
  description: string;
  /** Short introduction shown under the h1. */
  summary: string;
  /** ISO date of the last update (or of publication, see `dateLabel`). */
  date: string;
  /** How to label the date: 'Last updated' or 'Published'. */
  dateLabel: 'Last updated' | 'Published';
  /** e.g. 'Ver 25.01'. */
  versionLabel?: string;
  sections: readonly PolicySection[];
}
