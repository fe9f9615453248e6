import { describe, expect, it } from 'vitest';
import {
  checkCustomValue,
  checkCustomValues,
  customPlaceholderKeys,
  mergeCustomValues,
  unknownCustomPlaceholderIssues,
} from './custom-field-values';
import { renderPlaceholders } from './placeholders';
import { customFieldMessages as m } from './schemas/custom-fields';

const field = (type: 'text' | 'number' | 'url' | 'date' | 'choice', options: string[] = []) => ({
  key: 'f',
  label: 'Field',
  type,
  options,
});

describe('checkCustomValue', () => {
  it('takes each type’s values and stores them in one form', () => {
    expect(checkCustomValue(field('text'), '  coffee  ')).toEqual({ ok: true, value: 'coffee' });
    expect(checkCustomValue(field('number'), '1234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(checkCustomValue(field('number'), -3)).toEqual({ ok: true, value: -3 });
    expect(checkCustomValue(field('url'), 'https://blog.example/about')).toEqual({
      ok: true,
      value: 'https://blog.example/about',
    });
    expect(checkCustomValue(field('date'), '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(checkCustomValue(field('choice', ['Gold', 'Silver']), 'silver')).toEqual({
      ok: true,
      value: 'Silver',
    });
    expect(checkCustomValue(field('number'), '   ')).toEqual({ ok: true, value: null });
    expect(checkCustomValue(field('date'), null)).toEqual({ ok: true, value: null });
  });

  it('refuses values of the wrong type in the user’s words', () => {
    expect(checkCustomValue(field('number'), '12 apples')).toEqual({
      ok: false,
      message: m.invalidNumber('Field'),
    });
    expect(checkCustomValue(field('number'), 'Infinity')).toEqual({
      ok: false,
      message: m.invalidNumber('Field'),
    });
    expect(checkCustomValue(field('url'), 'ftp://x.example')).toEqual({
      ok: false,
      message: m.invalidUrl('Field'),
    });
    expect(checkCustomValue(field('url'), 'blog.example')).toEqual({
      ok: false,
      message: m.invalidUrl('Field'),
    });
    expect(checkCustomValue(field('date'), '2023-02-29')).toEqual({
      ok: false,
      message: m.invalidDate('Field'),
    });
    expect(checkCustomValue(field('date'), '29/02/2024')).toEqual({
      ok: false,
      message: m.invalidDate('Field'),
    });
    expect(checkCustomValue(field('choice', ['Gold']), 'Bronze')).toEqual({
      ok: false,
      message: m.invalidChoice('Field', ['Gold']),
    });
  });
});

describe('checkCustomValues and mergeCustomValues', () => {
  it('names unknown keys, and applies changes with null clearing', () => {
    const result = checkCustomValues([field('number')], { f: '7', g: 'x' });
    expect(result).toEqual({ values: { f: 7 }, issues: [{ key: 'g', message: m.unknownField('g') }] });
    expect(mergeCustomValues({ f: 1, h: 'keep' }, { f: null, g: 'new' })).toEqual({ h: 'keep', g: 'new' });
  });
});

describe('{{custom.key}} placeholders', () => {
  it('render the value, else the fallback, else are reported missing by their name', () => {
    const template = 'About {{custom.site_topic|your readers}} for {{ custom.visits }} people {{other.x}}';
    expect(renderPlaceholders(template, { custom: { site_topic: 'espresso', visits: 12000 } })).toEqual({
      text: 'About espresso for 12000 people {{other.x}}',
      missing: [],
    });
    expect(renderPlaceholders(template, { custom: {} })).toEqual({
      text: 'About your readers for {{ custom.visits }} people {{other.x}}',
      missing: ['{{custom.visits}}'],
    });
    expect(renderPlaceholders('{{custom.a|}}x', {})).toEqual({ text: 'x', missing: [] });
  });

  it('are listed by key, and unknown keys are named on the step part that holds them', () => {
    expect(
      customPlaceholderKeys('{{custom.a}} {{custom.b|x}} {{custom.a}} [First Name] {{first_name}}'),
    ).toEqual(['a', 'b']);
    const issues = unknownCustomPlaceholderIssues(
      [
        { subject: '{{custom.a}}', content: 'ok', variants: [] },
        { subject: 'x', content: 'y', variants: [{ subject: '', content: '{{custom.zz|z}}' }] },
      ],
      new Set(['a']),
    );
    expect(issues).toEqual([
      { path: 'steps.1.variants.0.content', message: m.unknownPlaceholder('Body', 'zz') },
    ]);
  });
});
