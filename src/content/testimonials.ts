import { limits, site } from '@/config/site';
import type { Testimonial } from '@/content/types';

/** The three home-page testimonials, each rated 5 of 5. */
export const testimonials: readonly Testimonial[] = [
  {
    id: 'cdo-financial-services',
    name: 'Sarah Whitmore',
    title: 'Chief Data Officer, FTSE 250 financial services group',
    content: `${site.name} helped us turn years of fragmented reporting into a governed platform our regulators and board both trust. They were candid about what would not work, delivered what they promised and left our own team stronger.`,
    rating: limits.testimonialRating,
  },
  {
    id: 'director-public-sector',
    name: 'James Okonkwo',
    title: 'Director of Digital, UK central government department',
    content:
      'Their data catalogue and governance work changed how our analysts find and use data. They understood public-sector constraints from day one and worked within our assurance processes without losing pace.',
    rating: limits.testimonialRating,
  },
  {
    id: 'coo-retail',
    name: 'Laura Pembridge',
    title: 'Chief Operating Officer, national UK retailer',
    content:
      'The demand forecasting they built paid for itself within a season. What impressed me most was how they brought our store and category managers along, so the forecasts are actually used.',
    rating: limits.testimonialRating,
  },
];
