import { useId } from 'react';
import { Card, CardContent } from '#web/components/ui/card';
import { ActivityFeed } from './activity-feed';

/**
 * The Activity card at the bottom of a campaign's page: the log of that campaign alone (compact,
 * the first page and Load more). The route module passes it to the page as a slot.
 */
export function CampaignActivityCard({ campaignId }: { campaignId: string }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardContent className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg font-semibold">
          Activity
        </h2>
        <div className="mt-3">
          <ActivityFeed filters={{ campaignId }} compact />
        </div>
      </CardContent>
    </Card>
  );
}
