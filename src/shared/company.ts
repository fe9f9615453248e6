/** Who runs LinkPilot and how to reach them: the contact page, the legal pages and the footer say the same. */
export const company = {
  name: 'LinkPilot',
  legalName: 'LinkPilot Pty Ltd',
  email: 'hello@linkpilot.app',
  privacyEmail: 'privacy@linkpilot.app',
  office: {
    label: 'Sydney office',
    street: 'Level 12, 1 Market Street',
    city: 'Sydney NSW 2000',
    country: 'Australia',
  },
  hours: 'Monday to Friday, 9:00–17:00 AEST',
  /** Date the legal pages were last revised (ISO). */
  legalUpdated: '2026-11-21',
} as const;
