import { describe, expect, it } from 'vitest';
import {
  asStepCondition,
  branchFor,
  conditionHolds,
  sentVariantLabel,
  sentVariantName,
  type PreviousStepFacts,
  type StepCondition,
} from './step-conditions';

const facts = (opened: boolean, clicked: boolean, replied = false): PreviousStepFacts => ({
  opened,
  clicked,
  replied,
});
const all: { condition: StepCondition }[] = [
  { condition: 'not_opened' },
  { condition: 'opened_no_reply' },
  { condition: 'clicked' },
];

describe('conditions on the previous step (docs/decisions/045-conditional-follow-ups.md)', () => {
  it('judges each condition from the recorded facts; a click is an open too', () => {
    expect(conditionHolds('not_opened', facts(false, false))).toBe(true);
    expect(conditionHolds('not_opened', facts(true, false))).toBe(false);
    expect(conditionHolds('not_opened', facts(false, true))).toBe(false);
    expect(conditionHolds('opened_no_reply', facts(true, false))).toBe(true);
    expect(conditionHolds('opened_no_reply', facts(false, true))).toBe(true);
    expect(conditionHolds('opened_no_reply', facts(true, false, true))).toBe(false);
    expect(conditionHolds('clicked', facts(true, true))).toBe(true);
    expect(conditionHolds('clicked', facts(true, false))).toBe(false);
  });

  it('picks the most specific branch the step has, whatever their order, else the default', () => {
    expect(branchFor(all, facts(true, true))?.condition).toBe('clicked');
    expect(branchFor(all, facts(true, false))?.condition).toBe('opened_no_reply');
    expect(branchFor(all, facts(false, false))?.condition).toBe('not_opened');
    // Without a clicked branch a clicker who did not reply has opened without reply.
    expect(branchFor(all.slice(0, 2), facts(true, true))?.condition).toBe('opened_no_reply');
    expect(branchFor([{ condition: 'not_opened' as const }], facts(true, true))).toBeNull();
    // Opened and replied: neither "opened without reply" nor "not opened" holds.
    expect(branchFor(all.slice(0, 2), facts(true, false, true))).toBeNull();
    expect(branchFor([], facts(false, false))).toBeNull();
  });

  it('labels and names a sent variant by its place in its set now', () => {
    const step = {
      variants: [{ id: 'a' }, { id: 'b' }],
      branches: [{ condition: 'clicked' as const, variants: [{ id: 'c1' }, { id: 'c2' }] }],
    };
    expect(sentVariantLabel(step, null, 'b')).toBe('B');
    expect(sentVariantLabel(step, 'clicked', 'c2')).toBe('B');
    expect(sentVariantLabel(step, 'clicked', 'a')).toBeNull();
    expect(sentVariantLabel(step, 'not_opened', 'c1')).toBeNull();
    expect(sentVariantLabel(null, null, 'a')).toBeNull();
    expect(sentVariantName('clicked', 'c2', 'B')).toBe('Clicked · B');
    expect(sentVariantName('opened_no_reply', 'gone', null)).toBe('Opened, no reply · Removed variant');
    expect(sentVariantName(null, null, null)).toBe('Single version');
    expect(sentVariantName(null, 'a', 'A')).toBe('A');
    expect(asStepCondition('not_opened')).toBe('not_opened');
    expect(asStepCondition('bounced')).toBeNull();
    expect(asStepCondition(null)).toBeNull();
  });
});
