import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { detailTabs, type DetailTab } from './use-detail-tab';

/**
 * The campaign detail page’s working area: Prospects (the table), Outreach, Competitor gap, Import backlinks and AI
 * first lines as tabs, so the prospects table sits right under the stat cards. Every panel stays
 * mounted while another tab shows (hidden, not removed): the Outreach panel goes on refreshing the
 * stat cards as messages go out, ticked choices are kept, and the Outreach Settings dialog it owns
 * still opens from Send Emails.
 */
export function CampaignDetailTabs({
  tab,
  onTabChange,
  panels,
}: {
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  panels: Record<DetailTab, ReactNode>;
}) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as DetailTab)}>
      <TabsList aria-label="Campaign sections" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
        {detailTabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value} className="whitespace-nowrap">
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {detailTabs.map((t) => (
        // Radix would unmount an inactive panel; forceMount keeps it and `hidden` takes it off screen.
        <TabsContent key={t.value} value={t.value} forceMount hidden={t.value !== tab} className="mt-4">
          {panels[t.value]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
