import { describe, expect, it } from 'vitest';
import { placeholderTokens, prospectPlaceholderValues, renderPlaceholders } from './placeholders';

describe('renderPlaceholders', () => {
  it('fills every known placeholder, repeatedly, and leaves other brackets alone', () => {
    const rendered = renderPlaceholders(
      'Hi [First Name], I read [Website] — [First Name]! [Unknown] [Your Name]',
      {
        firstName: 'Anna',
        website: 'blog.example',
        yourName: 'Grace Hopper',
      },
    );
    expect(rendered).toEqual({
      text: 'Hi Anna, I read blog.example — Anna! [Unknown] Grace Hopper',
      missing: [],
    });
  });

  it('reports each placeholder without a value once and keeps it in the text', () => {
    const rendered = renderPlaceholders('[Name] [Name] [Email Name] [Campaign Website]', {
      name: '  ',
      campaignWebsite: 'https://mine.example',
    });
    expect(rendered.missing).toEqual(['[Name]', '[Email Name]']);
    expect(rendered.text).toBe('[Name] [Name] [Email Name] https://mine.example');
  });
});

describe('the optional [AI First Line]', () => {
  const template = 'Hi [First Name],\n\n[AI First Line]\n\nI run [Campaign Website].';
  const values = { firstName: 'Anna', campaignWebsite: 'mine.example' };

  it('is filled with the approved line', () => {
    expect(renderPlaceholders(template, { ...values, aiFirstLine: 'Loved your piece on tyres.' })).toEqual({
      text: 'Hi Anna,\n\nLoved your piece on tyres.\n\nI run mine.example.',
      missing: [],
    });
  });

  it('without a line drops out with its line: the plain template, never flagged', () => {
    expect(renderPlaceholders(template, values)).toEqual({
      text: 'Hi Anna,\n\nI run mine.example.',
      missing: [],
    });
    expect(renderPlaceholders('Hi. [AI First Line] Bye.', {}).text).toBe('Hi.  Bye.');
  });
});

describe('prospectPlaceholderValues', () => {
  it('reads first name, full name, email name and host', () => {
    expect(
      prospectPlaceholderValues({
        contactName: ' Jean-Luc  Picard ',
        contactEmail: 'jean.picard@Fleet.example',
        website: 'https://www.Fleet.example/crew',
      }),
    ).toEqual({
      firstName: 'Jean-Luc',
      name: 'Jean-Luc  Picard',
      emailName: 'Jean',
      website: 'fleet.example',
    });
  });

  it('gives no email name for role mailboxes, digits or a missing address', () => {
    expect(
      prospectPlaceholderValues({ contactEmail: 'info@x.example', website: 'x.example' }).emailName,
    ).toBeUndefined();
    expect(
      prospectPlaceholderValues({ contactEmail: 'editor.team@x.example', website: 'x.example' }).emailName,
    ).toBeUndefined();
    expect(
      prospectPlaceholderValues({ contactEmail: 'j2000@x.example', website: 'x.example' }).emailName,
    ).toBeUndefined();
    expect(prospectPlaceholderValues({ website: 'x.example' })).toMatchObject({
      firstName: undefined,
      emailName: undefined,
    });
  });
});

describe('[Website] of a prospect', () => {
  it.each([
    ['example.com', 'example.com'],
    ['https://WWW.Example.com:8443/a?b', 'example.com'],
    ['http://sub.example.org', 'sub.example.org'],
    ['not a url at all', 'not a url at all'],
  ])('%s → %s', (website, host) => expect(prospectPlaceholderValues({ website }).website).toBe(host));
});

describe('placeholder fallbacks', () => {
  it('uses the fallback only when the value is empty, in both spellings', () => {
    const template = 'Hi [First Name|there], {{ first_name | friend }} and {{website|your site}}';
    expect(renderPlaceholders(template, { firstName: 'Anna', website: 'a.example' })).toEqual({
      text: 'Hi Anna, Anna and a.example',
      missing: [],
    });
    expect(renderPlaceholders(template, { firstName: '  ' })).toEqual({
      text: 'Hi there, friend and your site',
      missing: [],
    });
  });

  it('holds the send without a fallback, naming the placeholder once', () => {
    expect(renderPlaceholders('Hi {{first_name}} / [First Name]', {})).toEqual({
      text: 'Hi {{first_name}} / [First Name]',
      missing: ['[First Name]'],
    });
  });

  it('accepts an empty fallback, and leaves unknown and non-custom dotted names as written', () => {
    expect(renderPlaceholders('Hi [First Name|]!', {}).text).toBe('Hi !');
    // {{custom.key}} is a custom field (decision 044): its fallback stands in for the missing value.
    expect(renderPlaceholders('{{custom.topic|tyres}} {{nope}} {{deal.size}} [Nope|x]', {})).toEqual({
      text: 'tyres {{nope}} {{deal.size}} [Nope|x]',
      missing: [],
    });
  });

  it('lists the tokens with their names and fallbacks, dotted names included', () => {
    expect(placeholderTokens('[Name|you] {{custom.deal_size|a lot}} {{your_name}}')).toEqual([
      { placeholder: '[Name]', name: '[Name]', fallback: 'you' },
      { placeholder: null, name: 'custom.deal_size', fallback: 'a lot' },
      { placeholder: '[Your Name]', name: 'your_name', fallback: null },
    ]);
  });
});
