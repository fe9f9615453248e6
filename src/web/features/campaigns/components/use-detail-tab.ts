import { useSearchParams } from 'react-router';

/** The campaign detail page's tabs in order, by their `?tab=` value; the first is the default. */
export const detailTabs = [
  { value: 'prospects', label: 'Prospects' },
  { value: 'outreach', label: 'Outreach' },
  { value: 'competitor-gap', label: 'Competitor gap' },
  { value: 'import', label: 'Import backlinks' },
  { value: 'first-lines', label: 'AI first lines' },
] as const;
export type DetailTab = (typeof detailTabs)[number]['value'];

const isDetailTab = (value: string | null): value is DetailTab => detailTabs.some((t) => t.value === value);

/**
 * The detail page's selected tab, kept in the URL's `?tab=` so a reload or a shared link opens it
 * again; a missing or unknown value is the first tab, which is left out of the URL. Switching
 * replaces the history entry (tabs are views of one page: Back leaves the page) and keeps other
 * query parameters.
 * @returns [the selected tab, a function that selects another]
 */
export function useDetailTab(): [DetailTab, (tab: DetailTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = isDetailTab(raw) ? raw : detailTabs[0].value;
  const select = (next: DetailTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === detailTabs[0].value) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, select];
}
