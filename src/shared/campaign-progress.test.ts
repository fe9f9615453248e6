import { describe, expect, it } from 'vitest';
import { campaignProgress, offersCompletion } from './campaign-progress';

describe('campaignProgress', () => {
  it('is the share of enrolled prospects whose sequence has ended, in whole percent', () => {
    expect(campaignProgress(4, 1)).toEqual({ enrolled: 4, ended: 1, percent: 25 });
    expect(campaignProgress(3, 3)).toEqual({ enrolled: 3, ended: 3, percent: 100 });
    expect(campaignProgress(7, 0)).toEqual({ enrolled: 7, ended: 0, percent: 0 });
  });

  it('rounds down, so 100 % means every sequence is over', () => {
    expect(campaignProgress(200, 199).percent).toBe(99);
    expect(campaignProgress(3, 2).percent).toBe(66);
    expect(campaignProgress(3, 1).percent).toBe(33);
  });

  it('is 0 when nobody is enrolled yet', () => {
    expect(campaignProgress(0, 0)).toEqual({ enrolled: 0, ended: 0, percent: 0 });
  });

  it('refuses counts that cannot be', () => {
    expect(() => campaignProgress(2, 3)).toThrow(RangeError);
    expect(() => campaignProgress(-1, 0)).toThrow(RangeError);
    expect(() => campaignProgress(2, 0.5)).toThrow(RangeError);
    expect(() => campaignProgress(Number.NaN, 0)).toThrow(RangeError);
  });
});

describe('offersCompletion', () => {
  const done = campaignProgress(4, 4);
  it('offers to complete an active or paused campaign once every enrolled sequence has ended', () => {
    expect(offersCompletion('active', done)).toBe(true);
    expect(offersCompletion('paused', done)).toBe(true);
  });

  it('not before, not with nobody enrolled, and not from draft or completed', () => {
    expect(offersCompletion('active', campaignProgress(200, 199))).toBe(false);
    expect(offersCompletion('active', campaignProgress(0, 0))).toBe(false);
    expect(offersCompletion('draft', done)).toBe(false);
    expect(offersCompletion('completed', done)).toBe(false);
  });
});
