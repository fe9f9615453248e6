import { Lightbulb } from 'lucide-react';
import { Card } from '#web/components/ui/card';

const tips = [
  {
    title: 'Choose a topic that fits',
    text: "Pick a subject the target site's audience already reads about.",
  },
  {
    title: 'Include internal links naturally',
    text: 'Link where it helps the reader, with descriptive words.',
  },
  {
    title: 'Choose the word count wisely',
    text: 'Match the length of the posts the site usually publishes.',
  },
];

/** The Writing Tips panel (docs/product.md#guest-posts), shown until content has been generated. */
export function WritingTips() {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Lightbulb aria-hidden className="size-4 text-amber-500" /> Writing Tips
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {tips.map((tip) => (
          <li key={tip.title}>
            <p className="font-medium text-slate-800 dark:text-slate-200">{tip.title}</p>
            <p className="text-slate-600 dark:text-slate-400">{tip.text}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
