import { limits } from '#shared/limits';
import { UrlListInputs } from '#web/components/url-list-inputs';

interface CompetitorInputsProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Message per row (index) and for the list as a whole. */
  rowErrors: (string | undefined)[];
  listError?: string | undefined;
}

/** Up to 5 optional competitor URL rows for the campaign forms (docs/product.md#validation); empty rows are dropped on submit. */
export function CompetitorInputs(props: CompetitorInputsProps) {
  return (
    <UrlListInputs
      {...props}
      legend={
        <>
          Competitor websites{' '}
          <span className="font-normal text-slate-500">(optional, up to {limits.maxCompetitors})</span>
        </>
      }
      itemLabel="Competitor"
      addLabel="Add competitor"
      placeholder="competitor.com"
      max={limits.maxCompetitors}
    />
  );
}
