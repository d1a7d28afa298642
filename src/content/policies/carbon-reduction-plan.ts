import { site } from '@/config/site';
import { bullets, paragraph, subheading, table } from '@/content/policies/policy-blocks';
import { policySignatory } from '@/content/policies/signatory';
import type { PolicyDocument } from '@/content/types';

export interface EmissionsYear {
  year: number;
  /** tCO2e, one decimal place. */
  scope1: number;
  scope2: number;
  scope3: number;
  total: number;
}

/** Net Zero target year. */
export const netZeroYear = 2050;

/** Baseline (2023) and reporting-year (2024) emissions in tCO2e. */
export const carbonEmissions = {
  baseline: { year: 2023, scope1: 0.0, scope2: 0.6, scope3: 2.6, total: 3.2 },
  reporting: { year: 2024, scope1: 0.0, scope2: 0.6, scope3: 3.4, total: 4.0 },
} as const satisfies { baseline: EmissionsYear; reporting: EmissionsYear };

function emissionsTable(caption: string, emissions: EmissionsYear) {
  return table(
    caption,
    ['Emissions', 'Total (tCO2e)'],
    [
      ['Scope 1', emissions.scope1.toFixed(1)],
      ['Scope 2', emissions.scope2.toFixed(1)],
      ['Scope 3 (included sources)', emissions.scope3.toFixed(1)],
      ['Total emissions', emissions.total.toFixed(1)],
    ],
  );
}

const { baseline, reporting } = carbonEmissions;

/** /carbon-reduction-plan, published 6 October 2025. */
export const carbonReductionPlan: PolicyDocument = {
  slug: 'carbon-reduction-plan',
  title: 'Carbon Reduction Plan',
  description: `${site.name}’s carbon reduction plan: our commitment to Net Zero by 2050, 2023 baseline and 2024 emissions, and the measures we are taking to cut them.`,
  summary: `${site.legalName} is committed to achieving Net Zero emissions by ${netZeroYear}. This plan reports our baseline and current emissions and the measures we are taking to reduce them, in line with UK government guidance on carbon reduction plans for suppliers.`,
  date: '2025-10-06',
  dateLabel: 'Published',
  sections: [
    {
      id: 'commitment',
      heading: `Commitment to achieving Net Zero`,
      blocks: [
        paragraph(
          `${site.legalName} is committed to achieving Net Zero emissions by ${netZeroYear} at the latest, in line with the UK government’s legally binding target.`,
        ),
        paragraph(
          'As a consultancy whose people work mainly from home, at a serviced office and on client sites, our footprint is small, but we believe every organisation should measure and reduce its emissions. We apply the same rigour to our own data that we bring to our clients’ work.',
        ),
      ],
    },
    {
      id: 'baseline-emissions',
      heading: 'Baseline emissions footprint',
      blocks: [
        paragraph(
          `Baseline emissions are the record of greenhouse gases produced in the past, before the introduction of any strategies to reduce them, and the reference point against which reductions are measured. We have chosen ${baseline.year} as our baseline year: it is the first full year for which we hold complete activity data.`,
        ),
        subheading(`Baseline year: ${baseline.year}`),
        paragraph(
          'Emissions were calculated following the Greenhouse Gas Protocol Corporate Standard using UK government conversion factors for company reporting. Scope 3 includes business travel, employee commuting, homeworking, waste, and upstream and downstream transportation and distribution (the subset required by PPN 006).',
        ),
        emissionsTable(`Baseline year emissions, ${baseline.year} (tCO2e)`, baseline),
      ],
    },
    {
      id: 'current-emissions',
      heading: 'Current emissions reporting',
      blocks: [
        subheading(`Reporting year: ${reporting.year}`),
        emissionsTable(`Reporting year emissions, ${reporting.year} (tCO2e)`, reporting),
        paragraph(
          `Total emissions rose from ${baseline.total.toFixed(1)} to ${reporting.total.toFixed(1)} tCO2e. Scope 1 remained at zero because we operate no company vehicles or on-site fuel combustion, and Scope 2 was unchanged. The increase is entirely in Scope 3 and reflects growth in our team and in client engagements requiring travel to sites across the UK.`,
        ),
      ],
    },
    {
      id: 'reduction-targets',
      heading: 'Emissions reduction targets',
      blocks: [
        paragraph(
          `To progress towards Net Zero, we aim to bring total emissions back below our ${baseline.year} baseline of ${baseline.total.toFixed(1)} tCO2e by 2027 despite continued growth, and to reduce emissions per employee every year. Progress against these targets will be reported in each annual update of this plan.`,
        ),
      ],
    },
    {
      id: 'initiatives',
      heading: 'Carbon reduction projects completed',
      blocks: [
        paragraph(
          `The following measures have been in place since the ${baseline.year} baseline and will continue to reduce emissions during delivery of our contracts:`,
        ),
        bullets(
          'A remote-first working model that avoids daily commuting, with meetings held online by default.',
          'A travel policy that makes rail the default for UK business journeys and requires approval for domestic flights.',
          'A serviced office supplied with electricity on a renewable tariff.',
          'Extended replacement cycles for laptops and monitors, and refurbishment or certified recycling of retired equipment.',
          'Cloud workloads placed in provider regions with lower carbon intensity, and development environments that shut down outside working hours.',
        ),
      ],
    },
    {
      id: 'future-measures',
      heading: 'Future measures',
      blocks: [
        paragraph('In the coming years we will implement the following further measures:'),
        bullets(
          'Extend Scope 3 measurement to purchased goods and services, including cloud hosting, using supplier-specific emissions data.',
          'Introduce an electric-vehicle salary sacrifice scheme and a cycle-to-work scheme.',
          'Offer a homeworking energy guide and green-tariff support to staff.',
          'Include carbon reduction commitments in supplier selection and contract terms.',
          'Combine client site visits into fewer, longer trips and track travel emissions per engagement.',
          'Publish an updated carbon reduction plan every year.',
        ),
      ],
    },
    {
      id: 'declaration-and-sign-off',
      heading: 'Declaration and sign-off',
      blocks: [
        paragraph(
          'This Carbon Reduction Plan has been completed in accordance with PPN 006 and associated guidance and reporting standard for Carbon Reduction Plans. Emissions have been reported and recorded in accordance with the published reporting standard for Carbon Reduction Plans and the GHG Reporting Protocol corporate standard, and use the appropriate Government emission conversion factors for greenhouse gas company reporting.',
        ),
        paragraph(
          'Scope 1 and Scope 2 emissions have been reported in accordance with SECR requirements, and the required subset of Scope 3 emissions has been reported in accordance with the published reporting standard for Carbon Reduction Plans and the Corporate Value Chain (Scope 3) Standard.',
        ),
        paragraph(
          `This Carbon Reduction Plan has been reviewed and signed off by the board of directors.`,
        ),
        paragraph(
          `Signed on behalf of ${site.legalName}: ${policySignatory.name}, ${policySignatory.role}`,
        ),
        paragraph('Date: 6 October 2025'),
      ],
    },
  ],
};
