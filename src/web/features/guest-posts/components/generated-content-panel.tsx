import { Check, CircleAlert, Copy, FileText } from 'lucide-react';
import { useMemo } from 'react';
import { renderPostMarkup } from '#shared/blog-markup';
import { isNaturalAnchor, markupToPlainText } from '#shared/guest-post-text';
import { guestPostMessages as m, type LinkCheck } from '#shared/schemas/guest-posts';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useCopy } from '#web/lib/use-copy';

interface GeneratedContentPanelProps {
  /** The post in the blog markup, complete or as far as it has been written. */
  content: string;
  generating: boolean;
  /** How each internal link was used, once the post is saved. */
  linkChecks: LinkCheck[] | null;
  /** What is shown, e.g. 'Saved to Spring outreach · March 3, 2026'. */
  caption?: string | undefined;
}

/** What the link check found for one link, in the user's words. */
function linkVerdict(check: LinkCheck): { ok: boolean; text: string } {
  if (check.count === 0) return { ok: false, text: 'missing' };
  if (check.count > 1) return { ok: false, text: `used ${check.count} times` };
  if (!isNaturalAnchor(check.anchorText ?? '')) return { ok: false, text: `anchor '${check.anchorText}'` };
  return { ok: true, text: `once, as '${check.anchorText}'` };
}

/**
 * The Generated Content panel (docs/product.md#guest-posts): its placeholder, then the post rendered as formatted text while
 * it streams in, Copy (plain text, 'Copied!' for 2 s) and the check of each internal link.
 */
export function GeneratedContentPanel({
  content,
  generating,
  linkChecks,
  caption,
}: GeneratedContentPanelProps) {
  const { copied, copy } = useCopy();
  // renderPostMarkup escapes raw HTML (markdown-it html: false) and sanitizes the result (blog-markup.ts).
  const html = useMemo(() => (content ? renderPostMarkup(content) : ''), [content]);
  return (
    <Card className="flex min-h-80 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">Generated Content</h2>
          {caption && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{caption}</p>}
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!content || generating}
          onClick={() => void copy(markupToPlainText(content))}
        >
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      {content ? (
        <div className="px-5 py-4" aria-live="polite" aria-busy={generating}>
          {generating && (
            <p className="mb-3 flex items-center gap-2 text-sm text-indigo-700 dark:text-indigo-300">
              <Spinner className="size-4" label={null} /> Writing…
            </p>
          )}
          <div
            className="post-body text-base leading-7 [&>:first-child]:mt-0"
            data-testid="generated-content"
            dangerouslySetInnerHTML={{ __html: html }}
          />
          {linkChecks && linkChecks.length > 0 && (
            <div className="mt-6 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
              <h3 className="font-medium">Internal links</h3>
              <ul className="mt-2 space-y-1">
                {linkChecks.map((check) => {
                  const verdict = linkVerdict(check);
                  return (
                    <li key={check.url} className="flex items-start gap-2">
                      {verdict.ok ? (
                        <Check
                          aria-hidden
                          className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                        />
                      ) : (
                        <CircleAlert
                          aria-hidden
                          className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
                        />
                      )}
                      <span className="min-w-0 break-words">
                        <span className="break-all text-slate-700 dark:text-slate-300">{check.url}</span>{' '}
                        <span className="text-slate-500 dark:text-slate-400">— {verdict.text}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center text-slate-500 dark:text-slate-400">
          {generating ? (
            <Spinner className="size-6" label={null} />
          ) : (
            <FileText aria-hidden className="size-8 opacity-60" />
          )}
          <p>{generating ? 'Generating...' : m.placeholder}</p>
        </div>
      )}
    </Card>
  );
}
