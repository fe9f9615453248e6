import { describe, expect, it } from 'vitest';
import { mailHtmlCsp, mailHtmlDocument, sanitizeMailHtml } from './mail-html';

/** What a received message's HTML may still do once cleaned (docs/decisions/024-inbox.md). */
const clean = (html: string, images = false) => sanitizeMailHtml(html, { images });

describe('sanitizeMailHtml', () => {
  it('removes scripts and event handlers, keeping the text around them', () => {
    const out = clean(
      '<p onclick="steal()">Hello <b onmouseover="x()">there</b></p><script>alert(1)</script><SCRIPT src="https://x.example/a.js"></SCRIPT><img src="data:image/png;base64,AAAA" onerror="alert(2)">',
    );
    expect(out).toBe('<p>Hello <b>there</b></p><img src="data:image/png;base64,AAAA" />');
  });

  it('removes forms, inputs, buttons, frames, objects and embeds', () => {
    const out = clean(
      '<form action="https://phish.example/login" method="post"><input name="password" type="password"><button type="submit">Sign in</button><select><option>a</option></select><textarea>secret</textarea></form><iframe src="https://x.example"></iframe><object data="https://x.example/a.swf"></object><embed src="https://x.example/a.swf"><frameset><frame src="https://x.example"></frameset>',
    );
    expect(out).not.toMatch(/<(form|input|button|select|option|textarea|iframe|object|embed|frame)/i);
    expect(out).not.toContain('phish.example');
    expect(out).not.toContain('x.example');
    expect(out).not.toContain('secret');
  });

  it('takes the href off javascript:, data:, vbscript: and relative links, and opens the others in a new tab', () => {
    const out = clean(
      [
        '<a href="javascript:alert(1)">a</a>',
        '<a href=" JaVaScRiPt&#58;alert(1)">b</a>',
        '<a href="java&#x09;script:alert(1)">c</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>',
        '<a href="vbscript:x">e</a>',
        '<a href="/api/auth/sign-out">f</a>',
        '<a href="//evil.example/">g</a>',
        '<a href="https://site.example/page" target="_top" rel="opener" ping="https://t.example">h</a>',
        '<a href="mailto:anna@blog-a.example">i</a>',
        '<a href="#part-2">j</a>',
      ].join(''),
    );
    expect(out).toBe(
      [
        '<a>a</a><a>b</a><a>c</a><a>d</a><a>e</a><a>f</a><a>g</a>',
        '<a href="https://site.example/page" target="_blank" rel="noopener noreferrer nofollow">h</a>',
        '<a href="mailto:anna@blog-a.example" target="_blank" rel="noopener noreferrer nofollow">i</a>',
        '<a href="#part-2" target="_self">j</a>',
      ].join(''),
    );
  });

  it('removes meta refresh, base, link stylesheets and the head’s title', () => {
    const out = clean(
      '<html><head><title>Invoice</title><meta http-equiv="refresh" content="0;url=https://phish.example"><base href="https://phish.example/"><link rel="stylesheet" href="https://x.example/s.css"></head><body><p>Body</p></body></html>',
    );
    expect(out).toBe('<p>Body</p>');
  });

  it('keeps formatting, tables and inline styles, without url() or @import', () => {
    const out = clean(
      '<table width="100%" cellpadding="4" style="border-collapse:collapse"><tr><td bgcolor="#eeeeee" style="color:#333;background:url(http://x.example/bg.png) no-repeat;padding:4px" background="https://x.example/td.png">Cell</td></tr></table><p style="font-weight:bold;background-image:url(&quot;https://x.example/b.png&quot;)">Bold</p>',
    );
    expect(out).toBe(
      '<table width="100%" cellpadding="4" style="border-collapse:collapse"><tr><td bgcolor="#eeeeee" style="color:#333;background:none no-repeat;padding:4px">Cell</td></tr></table><p style="font-weight:bold;background-image:none">Bold</p>',
    );
  });

  it('drops a style that hides url() behind a CSS escape', () => {
    expect(clean('<div style="color:red;background:u\\72l(https://x.example/a.png)">x</div>')).toBe(
      '<div>x</div>',
    );
  });

  it('keeps style blocks without @import, url() or a way out of the block', () => {
    const out = clean(
      '<style>@import url("https://x.example/a.css"); .hero{background:url(https://x.example/h.png);color:red} .logo{background:url(data:image/png;base64,AAAA)}</style><style>p{}<//**/style><img src=x onerror=alert(1)></style><p class="hero">Hi</p>',
    );
    expect(out).not.toContain('@import');
    expect(out).not.toContain('x.example');
    expect(out).toContain('.hero{background:none;color:red}');
    expect(out).toContain('url(data:image/png;base64,AAAA)');
    // The comment trick would have closed the block; '<' is escaped in CSS instead.
    expect(out).toContain('p{}\\3c /style>\\3c img src=x onerror=alert(1)>');
    expect(out.match(/<\/style>/g)).toHaveLength(2);
    expect(out).toContain('<p class="hero">Hi</p>');
  });

  it('keeps the rules of a style block wrapped in an HTML comment, as Outlook writes it', () => {
    expect(
      clean('<style><!--\np.MsoNormal{margin:0;font-family:Calibri}\n--></style><p class="MsoNormal">Hi</p>'),
    ).toBe('<style>\np.MsoNormal{margin:0;font-family:Calibri}\n</style><p class="MsoNormal">Hi</p>');
  });

  it('blocks remote images (a tracking pixel, a photo, srcset) unless images are allowed', () => {
    const html =
      '<p>Hi</p><img src="https://track.example/open.gif?u=42" width="1" height="1" alt=""><img src="http://cdn.example/photo.jpg" alt="Our team" width="300" srcset="https://cdn.example/photo@2x.jpg 2x">';
    expect(clean(html)).toBe('<p>Hi</p><span>Our team</span>');
    expect(clean(html, true)).toBe(
      '<p>Hi</p><img src="https://track.example/open.gif?u=42" width="1" height="1" alt="" /><img src="http://cdn.example/photo.jpg" alt="Our team" width="300" srcset="https://cdn.example/photo@2x.jpg 2x" />',
    );
  });

  it('shows data: images (without a remote srcset), never cid: images', () => {
    const out = clean(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Chart" srcset="https://cdn.example/chart.png 2x"><img src="cid:logo@mail" alt="Logo"><img src="cid:sig">',
    );
    expect(out).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Chart" /><span>Logo</span>');
    expect(clean('<img src="cid:logo@mail">', true)).toBe('');
  });

  it('never throws on broken markup', () => {
    expect(clean('<p><b>open <i>nest</p></div><img src=')).toBe('<p><b>open <i>nest</i></b></p>');
    expect(clean('')).toBe('');
  });
});

describe('mailHtmlDocument and mailHtmlCsp', () => {
  it('wraps the cleaned HTML in a page whose links open in a new tab', () => {
    const page = mailHtmlDocument('<p>Hi</p><script>x</script>', { images: false });
    expect(page).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>/);
    expect(page).toContain('color-scheme:light');
    expect(page).toContain('img{max-width:100%');
    expect(page).toMatch(/<body><p>Hi<\/p><\/body><\/html>$/);
  });

  it('loads nothing remote but images, and those only when asked', () => {
    expect(mailHtmlCsp({ images: false })).toBe(
      "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'self'",
    );
    expect(mailHtmlCsp({ images: true })).toContain('img-src data: https: http:;');
  });
});
