import { Receipt } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { placementMessages as m, type Placement } from '#shared/schemas/placements';
import { Button } from '#web/components/ui/button';
import { refusalMessage } from '#web/lib/form-errors';
import { usePlacementFromLiveLink } from '../api/placement-queries';

// Loaded on first use: the Live Links screen does not carry the edit form (and its currency list) until asked.
const PlacementDialog = lazy(() =>
  import('./placement-dialog').then((module) => ({ default: module.PlacementDialog })),
);

/**
 * A live link's placement (docs/product.md#placements): made from the link on first press (page,
 * target, anchor, rel, client), then opened in the edit dialog for its price, payment and warranty.
 */
export function LiveLinkPlacementButton({ liveLinkId, pageUrl }: { liveLinkId: string; pageUrl: string }) {
  const open = usePlacementFromLiveLink();
  const [placement, setPlacement] = useState<Placement | null>(null);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Placement of ${pageUrl}`}
        title="Placement: price, payment, warranty"
        loading={open.isPending}
        onClick={() =>
          open.mutate(liveLinkId, {
            onSuccess: setPlacement,
            onError: (caught) => toast.error(refusalMessage(caught, m.loadFailed)),
          })
        }
      >
        {!open.isPending && <Receipt aria-hidden className="size-4" />}
      </Button>
      {placement && (
        <Suspense fallback={null}>
          <PlacementDialog placement={placement} onClose={() => setPlacement(null)} />
        </Suspense>
      )}
    </>
  );
}
