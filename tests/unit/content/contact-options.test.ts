import { describe, expect, it } from 'vitest';
import {
  getServiceInterestLabel,
  getTimelineLabel,
  serviceInterestOptions,
  timelineOptions,
} from '@/content/contact-options';

describe('contact form options', () => {
  it('offers every service interest, values and labels', () => {
    expect(serviceInterestOptions).toEqual([
      { value: 'data-strategy', label: 'Data Strategy' },
      { value: 'cloud-migration', label: 'Cloud Migration' },
      { value: 'digital-transformation', label: 'Digital Transformation' },
      { value: 'ai-ml', label: 'AI & Machine Learning' },
      { value: 'data-architecture', label: 'Data Architecture' },
      { value: 'analytics', label: 'Analytics & Insights' },
      { value: 'other', label: 'Other' },
    ]);
  });

  it('offers every project timeline, values and labels', () => {
    expect(timelineOptions).toEqual([
      { value: 'immediate', label: 'Immediate' },
      { value: '1-3-months', label: '1-3 months' },
      { value: '3-6-months', label: '3-6 months' },
      { value: '6-plus-months', label: '6+ months' },
      { value: 'exploring', label: 'Just exploring' },
    ]);
  });

  it('turns stored values back into labels, passing unknown values through', () => {
    expect(getServiceInterestLabel('ai-ml')).toBe('AI & Machine Learning');
    expect(getTimelineLabel('6-plus-months')).toBe('6+ months');
    expect(getServiceInterestLabel('legacy-value')).toBe('legacy-value');
    expect(getTimelineLabel('constructor')).toBe('constructor');
  });
});
