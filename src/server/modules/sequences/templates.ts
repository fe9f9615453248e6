import type { Database } from '../../db/client';
import { emailSequenceTemplates, emailSequenceTemplateSteps } from '../../db/schema/sequences';

interface TemplateSeed {
  name: string;
  description: string;
  steps: { subject: string; content: string; delayHours: number | null }[];
}

/**
 * The sequence templates shipped with the app (docs/decisions/009-outreach-sending.md: guest post pitch, resource page
 * suggestion, broken link). Short, specific and polite, as cold outreach that gets answers is.
 */
export const sequenceTemplateSeeds: readonly TemplateSeed[] = [
  {
    name: 'Guest post pitch',
    description: 'Offer a free, well-researched article written for their readers, with one follow-up.',
    steps: [
      {
        subject: 'Article idea for [Website]',
        content:
          'Hi [First Name],\n\nI have been reading [Website] and enjoyed how practical your posts are. I would like to write a guest article for your readers — original, researched, and with no promotional fluff. A few topics I could cover:\n\n- A step-by-step guide your readers can apply the same day\n- A data-backed look at a common mistake in your niche\n- A checklist post that is easy to share\n\nSamples of my writing are on [Campaign Website]. Would one of these fit?\n\nBest,\n[Your Name]',
        delayHours: 96,
      },
      {
        subject: 'Re: Article idea for [Website]',
        content:
          'Hi [First Name],\n\nJust bringing this back to the top of your inbox in case it got buried. Happy to adapt a topic to what your readers need most right now.\n\nThanks,\n[Your Name]',
        delayHours: null,
      },
    ],
  },
  {
    name: 'Resource page suggestion',
    description: 'Suggest a genuinely useful page for their resources / useful links list.',
    steps: [
      {
        subject: 'A resource for your list on [Website]',
        content:
          'Hi [First Name],\n\nI came across your resources page on [Website] — a great collection. We recently published a guide that would complement it: [Campaign Website]\n\nIt is free, kept up to date, and has no sign-up wall. If you think it helps your readers, it would be an honour to be listed.\n\nEither way, thanks for curating the list.\n[Your Name]',
        delayHours: 120,
      },
      {
        subject: 'Re: A resource for your list on [Website]',
        content:
          'Hi [First Name],\n\nA quick follow-up on the guide I mentioned. Glad to send a short summary if that makes it easier to judge.\n\nBest,\n[Your Name]',
        delayHours: null,
      },
    ],
  },
  {
    name: 'Broken link',
    description: 'Report a broken link on their page and offer a working replacement.',
    steps: [
      {
        subject: 'Broken link on [Website]',
        content:
          'Hi [First Name],\n\nWhile reading [Website] I noticed one of the links on the page points to a page that no longer exists. Your readers might hit a dead end there.\n\nIf you are looking for a replacement, our page covers the same topic and is current: [Campaign Website]\n\nHope this helps,\n[Your Name]',
        delayHours: 72,
      },
      {
        subject: 'Re: Broken link on [Website]',
        content:
          'Hi [First Name],\n\nJust checking that my note about the broken link reached you. Happy to point to the exact spot on the page.\n\nThanks,\n[Your Name]',
        delayHours: 120,
      },
      {
        subject: 'Re: Broken link on [Website]',
        content:
          'Hi [First Name],\n\nLast note from me on this — I will not follow up again. Thanks for the work you put into [Website].\n\n[Your Name]',
        delayHours: null,
      },
    ],
  },
];

/** Inserts the shipped templates that are missing (by name); templates already there are left as they are. */
export async function seedSequenceTemplates(db: Database): Promise<void> {
  for (const seed of sequenceTemplateSeeds) {
    await db.transaction(async (tx) => {
      const [template] = await tx
        .insert(emailSequenceTemplates)
        .values({ name: seed.name, description: seed.description })
        .onConflictDoNothing({ target: emailSequenceTemplates.name })
        .returning({ id: emailSequenceTemplates.id });
      if (!template) return;
      await tx
        .insert(emailSequenceTemplateSteps)
        .values(seed.steps.map((step, i) => ({ templateId: template.id, stepNumber: i + 1, ...step })));
    });
  }
}

/** Every template with its steps in order (docs/product.md#api: steps by template_id ordered by step_number). */
export async function listTemplates(db: Database) {
  const templates = await db.select().from(emailSequenceTemplates).orderBy(emailSequenceTemplates.name);
  const steps = await db
    .select()
    .from(emailSequenceTemplateSteps)
    .orderBy(emailSequenceTemplateSteps.stepNumber);
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    steps: steps
      .filter((s) => s.templateId === t.id)
      .map(({ stepNumber, subject, content, delayHours }) => ({ stepNumber, subject, content, delayHours })),
  }));
}
