import { LiveLinksPage } from '#web/features/live-links/components/live-links-page';
import { LiveLinkPlacementButton } from '#web/features/placements/components/live-link-placement-button';

/** Route module (lazy chunk) of the live-links screen: each link offers its placement in the ledger. */
export function Component() {
  return (
    <LiveLinksPage
      rowAction={(link) => <LiveLinkPlacementButton liveLinkId={link.id} pageUrl={link.pageUrl} />}
    />
  );
}
