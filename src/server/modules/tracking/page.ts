const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A small standalone HTML page for the unsubscribe link: recipients are not users of the app, so
 * it loads no SPA and no script (the CSP allows none inline anyway).
 */
export function unsubscribePage(title: string, message: string, confirmAction?: string): string {
  const form = confirmAction
    ? `<form method="post" action="${escapeHtml(confirmAction)}"><button type="submit">Unsubscribe</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4f46e5;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}</main></body></html>`;
}
