import { Globe, Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { limits } from '#shared/limits';
import { campaignMessages as m, checkCompetitorAdd, type CampaignDetail } from '#shared/schemas/campaigns';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { useUpdateCampaign } from '../api/campaign-mutations';
import { displayUrl } from '#shared/display-host';

/**
 * The Competitor Websites panel (docs/product.md#campaign-detail, docs/product.md#states): edits are local and flag unsaved changes; Save Changes
 * asks for confirmation, then saves, clears the flag and closes the add form.
 */
export function CompetitorsPanel({ campaign }: { campaign: CampaignDetail }) {
  const [list, setList] = useState<string[]>(campaign.competitors);
  const [dirty, setDirty] = useState(false);
  const [adding, setAdding] = useState(false);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateCampaign(campaign.id);
  const full = list.length >= limits.maxCompetitors;

  function add(event: FormEvent) {
    event.preventDefault();
    const result = checkCompetitorAdd(list, input);
    if (!result.ok) return setError(result.message);
    setList([...list, result.url]);
    setDirty(true);
    setInput('');
    setError(null);
  }

  function save() {
    update.mutate(
      { competitors: list },
      {
        onSuccess: (saved) => {
          setList(saved.competitors);
          setDirty(false);
          setAdding(false);
          setConfirming(false);
          toast.success('Competitor websites saved');
        },
        onError: () => {
          setConfirming(false);
          toast.error(m.saveCompetitorsFailed);
        },
      },
    );
  }

  return (
    <Card>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Competitor Websites</h2>
          <div className="flex gap-2">
            {dirty && (
              <Button size="sm" onClick={() => setConfirming(true)}>
                Save Changes
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
              <Plus aria-hidden className="size-4" /> Add Competitors
            </Button>
          </div>
        </div>
        {adding && (
          <form onSubmit={add} noValidate>
            <div className="flex gap-2">
              <Input
                aria-label="Competitor website"
                placeholder="Add competitor website (e.g., competitor.com)"
                value={input}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setInput(e.target.value)}
              />
              <Button type="submit" disabled={full}>
                Add
              </Button>
            </div>
            {error && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{error}</p>}
            {full && !error && <p className="mt-1.5 text-sm text-slate-500">{m.tooManyCompetitors}</p>}
          </form>
        )}
        {list.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{m.noCompetitors}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {list.map((url) => (
              <li
                key={url}
                className="inline-flex max-w-full items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1 pl-3 text-sm dark:border-slate-700 dark:bg-slate-800"
              >
                <Globe aria-hidden className="size-3.5 shrink-0 text-slate-500" />
                <span className="truncate">{displayUrl(url)}</span>
                <button
                  type="button"
                  aria-label={`Remove ${displayUrl(url)}`}
                  className="cursor-pointer rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:hover:bg-slate-700 dark:hover:text-white"
                  onClick={() => {
                    setList(list.filter((c) => c !== url));
                    setDirty(true);
                  }}
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Save Competitor Changes"
        description={m.saveCompetitorsConfirm}
        confirmLabel="Save Changes"
        pending={update.isPending}
        onConfirm={save}
      />
    </Card>
  );
}
