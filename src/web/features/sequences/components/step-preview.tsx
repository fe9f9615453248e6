import { Eye } from 'lucide-react';
import { useId, useState } from 'react';
import type { Contact } from '#shared/schemas/prospects';
import { Label } from '#web/components/ui/label';
import { SearchInput } from '#web/components/ui/search-input';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { useContactPage } from '#web/data/prospect-queries';
import { useStepPreview } from '#web/data/sequence-queries';

/** Prospects offered by the picker at once: the newest matches of the search. */
const PICKER_SIZE = 8;

const prospectLabel = (p: Contact) =>
  [p.contactName, p.contactEmail ?? p.website].filter(Boolean).join(' · ') || p.website;

interface StepPreviewProps {
  subject: string;
  content: string;
  /** The step's number: it seeds the spintax, so the preview shows the prospect's own words. */
  stepNumber: number;
  /** The variant the prospect gets (A–D), null for a step without saved variants. */
  variantLabel: string | null;
  /** The prospect chosen for previews; shared by every step of the editor. */
  prospect: Contact | null;
  onProspectChange: (prospect: Contact | null) => void;
}

/**
 * A step rendered for a chosen prospect of the user (docs/decisions/009-outreach-sending.md), with the values the sending engine
 * would use; placeholders the prospect has no value for are highlighted, since the step would be
 * flagged for that prospect instead of sent.
 */
export function StepPreview({
  subject,
  content,
  stepNumber,
  variantLabel,
  prospect,
  onProspectChange,
}: StepPreviewProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-lg border border-dashed border-slate-300 dark:border-slate-700">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-indigo-700 outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
      >
        <Eye aria-hidden className="size-4" /> {open ? 'Hide preview' : 'Preview for a prospect'}
      </button>
      {open && (
        <div className="space-y-3 border-t border-dashed border-slate-300 p-3 dark:border-slate-700">
          <ProspectPicker value={prospect} onChange={onProspectChange} />
          {prospect && variantLabel && (
            <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
              This prospect gets variant {variantLabel}.
            </p>
          )}
          {prospect && (
            <Rendered prospectId={prospect.id} subject={subject} content={content} stepNumber={stepNumber} />
          )}
        </div>
      )}
    </div>
  );
}

function ProspectPicker({
  value,
  onChange,
}: {
  value: Contact | null;
  onChange: (p: Contact | null) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useContactPage({ search: useDebouncedValue(search.trim()), page: 1, pageSize: PICKER_SIZE });
  const items = query.data?.items ?? [];
  // The chosen prospect stays selectable while the search shows others.
  const options = [...(value && !items.some((p) => p.id === value.id) ? [value] : []), ...items];
  if (query.isSuccess && query.data.total === 0 && !search) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No prospects yet: add a campaign with prospects to preview a step for one of them.
      </p>
    );
  }
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <SearchInput
        aria-label="Search prospects to preview"
        placeholder="Search prospects"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div>
        <Label htmlFor={id} className="sr-only">
          Prospect to preview
        </Label>
        <Select
          id={id}
          placeholder={query.isPending ? 'Loading prospects…' : 'Choose a prospect'}
          value={value?.id}
          onValueChange={(prospectId) => onChange(options.find((p) => p.id === prospectId) ?? null)}
          options={options.map((p) => ({ value: p.id, label: prospectLabel(p) }))}
          disabled={options.length === 0}
        />
      </div>
      {query.isError && (
        <p className="text-sm text-red-600 sm:col-span-2 dark:text-red-400">Failed to load prospects</p>
      )}
    </div>
  );
}

function Rendered({
  prospectId,
  subject,
  content,
  stepNumber,
}: {
  prospectId: string;
  subject: string;
  content: string;
  stepNumber: number;
}) {
  const preview = useStepPreview({
    prospectId,
    stepNumber,
    subject: useDebouncedValue(subject),
    content: useDebouncedValue(content),
  });
  if (preview.isPending) return <Skeleton className="h-24 w-full" />;
  if (preview.isError)
    return <p className="text-sm text-red-600 dark:text-red-400">Failed to render the preview</p>;
  const { missing } = preview.data;
  return (
    <div aria-label="Step preview" role="region" className="space-y-2 text-sm">
      {missing.length > 0 && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          No value for {missing.join(', ')}: this step would be flagged for this prospect, not sent.
        </p>
      )}
      <p className="font-medium break-words">
        <Highlighted text={preview.data.subject} missing={missing} />
      </p>
      <p className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
        <Highlighted text={preview.data.content} missing={missing} />
      </p>
    </div>
  );
}

/** The text with every unfilled placeholder marked. */
function Highlighted({ text, missing }: { text: string; missing: readonly string[] }) {
  if (missing.length === 0) return text;
  // `[First Name]` or `{{custom.key}}`: every character of the name is matched as itself.
  const pattern = new RegExp(`(${missing.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return text.split(pattern).map((part, i) =>
    missing.includes(part) ? (
      <mark
        key={i}
        className="rounded bg-amber-200 px-0.5 text-amber-950 dark:bg-amber-400/30 dark:text-amber-100"
        title="No value for this prospect"
      >
        {part}
      </mark>
    ) : (
      part
    ),
  );
}
