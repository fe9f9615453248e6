import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { blogLimits, blogMessages } from '#shared/schemas/blog';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useCategories } from '../api/blog-admin-queries';

interface CategoryPickerProps {
  value: string[];
  onChange: (names: string[]) => void;
  error?: string;
}

const checkboxClass =
  'size-4 rounded border-slate-300 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600';

/**
 * Category selection (docs/product.md#public-pages): tick existing categories, or type a new name and add it; new names are
 * created with the post.
 */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const categories = useCategories();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const newId = useId();
  const names = [...new Set([...(categories.data ?? []).map((c) => c.name), ...value])].sort((a, b) =>
    a.localeCompare(b),
  );

  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...value, name] : value.filter((n) => n !== name));

  const add = () => {
    const name = draft.trim();
    if (!name || name.length > blogLimits.categoryNameMax) return setDraftError(blogMessages.categoryInvalid);
    if (!value.includes(name) && value.length >= blogLimits.categoriesMax)
      return setDraftError(blogMessages.tooManyCategories);
    setDraftError(null);
    setDraft('');
    if (!value.includes(name)) onChange([...value, name]);
  };

  return (
    <fieldset aria-describedby={error ? `${newId}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Categories</legend>
      {categories.isPending && <Spinner className="mt-2" label="Loading categories" />}
      {categories.isError && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Existing categories could not be loaded; you can still add categories by name.
        </p>
      )}
      {names.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {names.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={value.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              {name}
            </label>
          ))}
        </div>
      )}
      <div className="mt-3 flex gap-2">
        <label htmlFor={newId} className="sr-only">
          New category name
        </label>
        <Input
          id={newId}
          value={draft}
          placeholder="New category"
          maxLength={blogLimits.categoryNameMax + 1}
          aria-invalid={draftError ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className="max-w-xs"
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden className="size-4" />
          Add
        </Button>
      </div>
      {(draftError ?? error) && (
        <p id={`${newId}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {draftError ?? error}
        </p>
      )}
    </fieldset>
  );
}
