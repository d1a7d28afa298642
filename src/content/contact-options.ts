/** Select options of the enquiry form (values are stored; labels are shown). */

export const serviceInterestValues = [
  'data-strategy',
  'cloud-migration',
  'digital-transformation',
  'ai-ml',
  'data-architecture',
  'analytics',
  'other',
] as const;

export type ServiceInterest = (typeof serviceInterestValues)[number];

export const serviceInterestLabels: Readonly<Record<ServiceInterest, string>> = {
  'data-strategy': 'Data Strategy',
  'cloud-migration': 'Cloud Migration',
  'digital-transformation': 'Digital Transformation',
  'ai-ml': 'AI & Machine Learning',
  'data-architecture': 'Data Architecture',
  analytics: 'Analytics & Insights',
  other: 'Other',
};

export const serviceInterestOptions: readonly { value: ServiceInterest; label: string }[] =
  serviceInterestValues.map((value) => ({ value, label: serviceInterestLabels[value] }));

export const timelineValues = [
  'immediate',
  '1-3-months',
  '3-6-months',
  '6-plus-months',
  'exploring',
] as const;

export type Timeline = (typeof timelineValues)[number];

export const timelineLabels: Readonly<Record<Timeline, string>> = {
  immediate: 'Immediate',
  '1-3-months': '1-3 months',
  '3-6-months': '3-6 months',
  '6-plus-months': '6+ months',
  exploring: 'Just exploring',
};

export const timelineOptions: readonly { value: Timeline; label: string }[] = timelineValues.map(
  (value) => ({ value, label: timelineLabels[value] }),
);

/** Label for a stored value (e.g. in the admin table); unknown values are returned as they are. */
export function getServiceInterestLabel(value: string): string {
  return Object.hasOwn(serviceInterestLabels, value)
    ? serviceInterestLabels[value as ServiceInterest]
    : value;
}

export function getTimelineLabel(value: string): string {
  return Object.hasOwn(timelineLabels, value) ? timelineLabels[value as Timeline] : value;
}
