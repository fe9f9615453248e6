import { describe, expect, it } from 'vitest';
import { sequenceInputSchema, sequenceMessages as m } from './sequences';

const step = (over = {}) => ({ subject: 'Hello', content: 'Body', delayHours: 24, ...over });
const messagesOf = (input: unknown) => {
  const result = sequenceInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('sequence validation', () => {
  it('accepts 1–3 complete steps and clears the last step’s delay', () => {
    const parsed = sequenceInputSchema.parse({
      name: ' Pitch ',
      steps: [step(), step({ delayHours: 72 }), step()],
    });
    expect(parsed.name).toBe('Pitch');
    expect(parsed.steps.map((s) => s.delayHours)).toEqual([24, 72, null]);
  });

  it('requires a name', () => {
    expect(messagesOf({ name: '  ', steps: [step()] })).toContain(m.nameRequired);
  });

  it('requires subject and content on every step', () => {
    expect(messagesOf({ name: 'x', steps: [step(), step({ content: ' ' })] })).toContain(m.stepsIncomplete);
    expect(messagesOf({ name: 'x', steps: [step({ subject: '' })] })).toContain(m.stepsIncomplete);
  });

  it('allows at most 3 steps and at least 1', () => {
    expect(messagesOf({ name: 'x', steps: [step(), step(), step(), step()] })).toContain(m.tooManySteps);
    expect(messagesOf({ name: 'x', steps: [] })).toContain(m.atLeastOneStep);
  });

  it.each([0, 721, 1.5])('refuses a delay of %s hours', (delayHours) => {
    expect(messagesOf({ name: 'x', steps: [step({ delayHours }), step()] })).toContain(m.delayRange);
  });

  it('accepts the bounds 1 and 720, and needs a delay before every step but the last', () => {
    expect(
      messagesOf({ name: 'x', steps: [step({ delayHours: 1 }), step({ delayHours: 720 }), step()] }),
    ).toEqual([]);
    expect(messagesOf({ name: 'x', steps: [step({ delayHours: null }), step()] })).toContain(m.delayRange);
  });
});
