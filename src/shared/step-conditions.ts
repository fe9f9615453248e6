import { variantLabel } from './variants';

/**
 * Conditions of a follow-up step (docs/decisions/045-conditional-follow-ups.md): a step 2 or 3 can
 * send another variant set to prospects depending on what they did with the previous step, as
 * recorded when the follow-up is queued. Opens are people's opens only (`opened_at`, which
 * automated hits — image proxies, link scanners — never set); a person's click counts as an open.
 */

/** The conditions, most specific first: the order in which a prospect's branch is looked for. */
export const stepConditions = ['clicked', 'opened_no_reply', 'not_opened'] as const;
export type StepCondition = (typeof stepConditions)[number];

/** What the editor, the statistics and the CSV export call each condition. */
export const stepConditionLabels: Record<StepCondition, string> = {
  clicked: 'Clicked',
  opened_no_reply: 'Opened, no reply',
  not_opened: 'Not opened',
};

/** What is recorded of the prospect's previous step when the follow-up is queued. */
export interface PreviousStepFacts {
  /** A person opened it (or clicked in it). */
  opened: boolean;
  /** A person clicked a link in it. */
  clicked: boolean;
  /** A reply from the prospect was matched to it. */
  replied: boolean;
}

/** Whether the previous step's facts meet a condition; a clicker has opened too. */
export function conditionHolds(condition: StepCondition, facts: PreviousStepFacts): boolean {
  switch (condition) {
    case 'clicked':
      return facts.clicked;
    case 'opened_no_reply':
      return (facts.opened || facts.clicked) && !facts.replied;
    case 'not_opened':
      return !facts.opened && !facts.clicked;
  }
}

/**
 * The branch a prospect's follow-up uses: of the step's branches, the first whose condition holds
 * in the order of `stepConditions` (clicked, then opened without reply, then not opened); null
 * (the step's default variants) when none does.
 */
export function branchFor<B extends { condition: StepCondition }>(
  branches: readonly B[],
  facts: PreviousStepFacts,
): B | null {
  for (const condition of stepConditions) {
    const branch = branches.find((b) => b.condition === condition);
    if (branch && conditionHolds(condition, facts)) return branch;
  }
  return null;
}

/**
 * The label (A–D) a sent variant has in its step now: its place among the condition set's variants
 * (`branch`) or the step's own. Null for a step's single version or a variant removed since.
 */
export function sentVariantLabel(
  step: {
    variants: readonly { id: string }[];
    branches: readonly { condition: StepCondition; variants: readonly { id: string }[] }[];
  } | null,
  branch: StepCondition | null,
  variantId: string | null,
): string | null {
  if (!step || variantId === null) return null;
  const variants = branch
    ? (step.branches.find((b) => b.condition === branch)?.variants ?? [])
    : step.variants;
  const i = variants.findIndex((v) => v.id === variantId);
  return i >= 0 ? variantLabel(i) : null;
}

/**
 * How a sent variant is named outside the editor: "B", "Clicked · A"; "Single version" for a step
 * without variants and "Removed variant" for one no longer in the step.
 */
export function sentVariantName(
  branch: StepCondition | null,
  variantId: string | null,
  label: string | null,
) {
  const variant = variantId === null ? 'Single version' : (label ?? 'Removed variant');
  return branch ? `${stepConditionLabels[branch]} · ${variant}` : variant;
}

/** A stored condition name as the type, null for anything else (the column is text). */
export const asStepCondition = (value: string | null): StepCondition | null =>
  stepConditions.find((c) => c === value) ?? null;
