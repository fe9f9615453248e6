import { FilePlus2, Mail } from 'lucide-react';
import { sequenceMessages, type SequenceTemplate } from '#shared/schemas/sequences';
import { ErrorState } from '#web/components/ui/page-states';
import { Skeleton } from '#web/components/ui/skeleton';
import { useSequenceTemplates } from '#web/data/sequence-queries';

const optionClass =
  'flex w-full items-start gap-3 rounded-xl border border-slate-200 p-4 text-left transition-colors outline-none hover:border-indigo-400 hover:bg-indigo-50/60 focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:hover:border-indigo-500/60 dark:hover:bg-indigo-500/10';

/** The first stage of the new-sequence modal (docs/product.md#email-accounts-and-sequences): a shipped template, or 'Create from Scratch'. */
export function TemplateChooser({
  onChoose,
}: {
  /** Called with the chosen template, or null for an empty sequence. */
  onChoose: (template: SequenceTemplate | null) => void;
}) {
  const templates = useSequenceTemplates(true);
  return (
    <ul className="space-y-3">
      {templates.isPending &&
        [0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="h-20 w-full rounded-xl" />
          </li>
        ))}
      {templates.isError && (
        <li>
          <ErrorState
            message={sequenceMessages.templatesLoadFailed}
            onRetry={() => void templates.refetch()}
          />
        </li>
      )}
      {templates.data?.map((t) => (
        <li key={t.id}>
          <button type="button" className={optionClass} onClick={() => onChoose(t)}>
            <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-300" />
            <span className="min-w-0">
              <span className="block font-medium">{t.name}</span>
              <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">{t.description}</span>
              <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                {t.steps.length} {t.steps.length === 1 ? 'step' : 'steps'}
              </span>
            </span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className={optionClass} onClick={() => onChoose(null)}>
          <FilePlus2 aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
          <span>
            <span className="block font-medium">Create from Scratch</span>
            <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
              Start with one empty step and write your own emails.
            </span>
          </span>
        </button>
      </li>
    </ul>
  );
}
