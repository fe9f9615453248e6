// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Contact, DomainMemory } from '#shared/schemas/prospects';
import { DomainMemoryNote } from './domain-memory';

const memory = (overrides: Partial<DomainMemory>): DomainMemory => ({
  domain: 'cobol-weekly.example',
  lastContactedAt: '2026-11-02T10:00:00.000Z',
  campaignId: 'campaign-b',
  campaignName: 'Spring pitches',
  outcome: 'responded',
  doNotContact: false,
  ...overrides,
});
const contact = (domainMemory: DomainMemory | null) =>
  ({ campaignId: 'campaign-a', domain: 'cobol-weekly.example', domainMemory }) as Contact;

describe('DomainMemoryNote', () => {
  it('says when another campaign contacted the domain last, and with what outcome', () => {
    render(<DomainMemoryNote contact={contact(memory({}))} />);
    expect(screen.getByText(/Contacted November 2, 2026 by Spring pitches, responded/)).toBeInTheDocument();
  });

  it('marks a do-not-contact domain whatever campaign contacted it', () => {
    render(<DomainMemoryNote contact={contact(memory({ campaignId: 'campaign-a', doNotContact: true }))} />);
    expect(screen.getByText('Do not contact')).toBeInTheDocument();
  });

  it('adds nothing when the row’s own campaign made the last contact, or nobody did', () => {
    const { container, rerender } = render(
      <DomainMemoryNote contact={contact(memory({ campaignId: 'campaign-a' }))} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<DomainMemoryNote contact={contact(null)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
