import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { limits } from '#shared/limits';
import { placeholders, type Placeholder } from '#shared/placeholders';
import type { Contact } from '#shared/schemas/prospects';
import { sequenceInputSchema, type SequenceInput } from '#shared/schemas/sequences';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { DialogFooter } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { cn } from '#web/lib/cn';
import { blankStep } from '../sequence-values';
import { StepPreview } from './step-preview';
import { StepConditions } from './step-conditions';
import { SpintaxPreview, StepVariants, type ChosenWinner } from './step-variants';
import { chooseVariant, variantLabel, variantText } from '#shared/variants';
import { applyServerIssues } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';

type Output = z.output<typeof sequenceInputSchema>;

const placeholderList = Object.keys(placeholders) as Placeholder[];

interface SequenceEditorProps {
  initial: SequenceInput;
  /** Saves; a rejection's field issues (an ApiError from the server) are shown under their fields. */
  onSubmit: (values: Output) => Promise<unknown>;
  onCancel: () => void;
  /** Back to the template chooser (new sequences only). */
  onBack?: () => void;
  pending?: boolean;
  /** A save failure to show above the actions (docs/product.md#errors 'Failed to save email sequence'). */
  error?: string | null;
  /** The winners the auto-winner chose in the stored sequence, shown on the step that has the variant. */
  winners?: readonly ChosenWinner[];
  /** The workspace's custom fields as placeholders, `{{custom.key}}` (docs/decisions/044-custom-fields.md). */
  customPlaceholders?: readonly string[];
}

/**
 * The sequence editor (docs/product.md#email-accounts-and-sequences, docs/product.md#validation): a name and 1–3 collapsible steps (subject, content and, except on
 * the last step, the wait before the next step in hours, 1–720, default 24), validated with the same
 * schema as the API. Placeholder chips (the fixed ones and the workspace's `{{custom.key}}` fields)
 * insert at the cursor of the step's content; each step can be previewed for one of the user's
 * prospects. A follow-up step can have conditions on the previous one, each with its own variants
 * (docs/decisions/045-conditional-follow-ups.md).
 */
export function SequenceEditor({
  initial,
  onSubmit,
  onCancel,
  onBack,
  pending,
  error,
  winners = [],
  customPlaceholders = [],
}: SequenceEditorProps) {
  const baseId = useId();
  const form = useForm<SequenceInput, unknown, Output>({
    resolver: zodResolver(sequenceInputSchema),
    defaultValues: initial,
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'steps' });
  // Collapsed rather than open steps are tracked, so a step just added is open without knowing its id.
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set(fields.slice(1).map((f) => f.id)));
  const [previewProspect, setPreviewProspect] = useState<Contact | null>(null);
  const contentRefs = useRef(new Map<number, HTMLTextAreaElement | null>());
  const errors = form.formState.errors;
  const steps = useWatch({ control: form.control, name: 'steps' });
  const stepsError = errors.steps?.root?.message ?? errors.steps?.message;
  const atMax = fields.length >= limits.maxSequenceSteps;
  const insertable: string[] = [...placeholderList, ...customPlaceholders];

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const addStep = () => {
    const last = fields.length - 1;
    // The step that stops being last gets a wait again; keep the one it has, or the default.
    if (last >= 0 && !Number.isFinite(form.getValues(`steps.${last}.delayHours`)))
      form.setValue(`steps.${last}.delayHours`, limits.defaultStepDelayHours);
    setCollapsed(new Set(fields.map((f) => f.id)));
    append(blankStep());
  };

  const insertPlaceholder = (index: number, placeholder: string) => {
    const name = `steps.${index}.content` as const;
    const value = form.getValues(name);
    const el = contentRefs.current.get(index);
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    form.setValue(name, value.slice(0, start) + placeholder + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  const save = async (values: Output) => {
    try {
      await onSubmit(values);
    } catch (caught) {
      const stepFields = values.steps.flatMap((s, i) => [
        ...([`steps.${i}.subject`, `steps.${i}.content`, `steps.${i}.delayHours`] as const),
        ...s.variants.flatMap(
          (_, v) =>
            [
              `steps.${i}.variants.${v}.subject`,
              `steps.${i}.variants.${v}.content`,
              `steps.${i}.variants.${v}.weight`,
            ] as const,
        ),
        `steps.${i}.autoWinnerAfter` as const,
        `steps.${i}.branches` as const,
        ...s.branches.flatMap((b, j) => [
          `steps.${i}.branches.${j}.condition` as const,
          ...b.variants.flatMap(
            (_, v) =>
              [
                `steps.${i}.branches.${j}.variants.${v}.subject`,
                `steps.${i}.branches.${j}.variants.${v}.content`,
                `steps.${i}.branches.${j}.variants.${v}.weight`,
              ] as const,
          ),
        ]),
      ]);
      applyServerIssues(caught, ['name', 'steps', ...stepFields], form.setError);
    }
  };

  // One save per submit: a double click must not create the sequence twice.
  const submit = useSingleFlight(
    form.handleSubmit(save, () => {
      // Open every step with a problem, so the user sees what to fix.
      const values = form.getValues('steps');
      const hasProblem = (i: number) =>
        !values[i]?.subject.trim() || !values[i]?.content.trim() || form.getFieldState(`steps.${i}`).invalid;
      setCollapsed(
        (current) =>
          new Set([...current].filter((id) => !fields.some((f, i) => f.id === id && hasProblem(i)))),
      );
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="Sequence Name"
        placeholder="e.g. Guest post outreach"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <ol className="space-y-3" aria-label="Steps">
        {fields.map((field, index) => {
          const isLast = index === fields.length - 1;
          const open = !collapsed.has(field.id);
          const panelId = `${baseId}-step-${index}`;
          const step = steps[index];
          const incomplete = form.formState.isSubmitted && (!step?.subject.trim() || !step.content.trim());
          const { ref: contentRef, ...content } = form.register(`steps.${index}.content`);
          // The preview shows the variant the chosen prospect would get, once every variant is saved (has an id).
          const saved = step?.variants?.every((v) => v.id)
            ? (step.variants as { id: string; weight: number }[])
            : [];
          const chosen =
            previewProspect && saved.length > 0 ? chooseVariant(saved, previewProspect.id, index + 1) : null;
          const chosenIndex = chosen ? saved.indexOf(chosen) : -1;
          const previewText = variantText(
            { subject: step?.subject ?? '', content: step?.content ?? '' },
            chosenIndex >= 0
              ? {
                  subject: step?.variants?.[chosenIndex]?.subject ?? '',
                  content: step?.variants?.[chosenIndex]?.content ?? '',
                }
              : null,
          );
          return (
            <li
              key={field.id}
              className={cn(
                'rounded-xl border border-slate-200 dark:border-slate-700',
                incomplete && 'border-red-400 dark:border-red-500/70',
              )}
            >
              <div className="flex items-center gap-1 pr-1">
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => toggle(field.id)}
                  className="flex min-w-0 flex-1 items-center gap-2 rounded-xl px-4 py-3 text-left text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  <ChevronDown
                    aria-hidden
                    className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')}
                  />
                  <span className="shrink-0">Step {index + 1}</span>
                  <span className="truncate font-normal text-slate-500 dark:text-slate-400">
                    {step?.subject ? `— ${step.subject}` : ''}
                  </span>
                </button>
                {fields.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove step ${index + 1}`}
                    onClick={() => {
                      remove(index);
                      // The step that becomes step 1 has no previous step to depend on.
                      if (index === 0) form.setValue('steps.0.branches', []);
                    }}
                  >
                    <Trash2 aria-hidden className="size-4 text-red-600 dark:text-red-400" />
                  </Button>
                )}
              </div>
              <div
                id={panelId}
                hidden={!open}
                className="space-y-4 border-t border-slate-200 p-4 dark:border-slate-700"
              >
                <TextField
                  label="Subject"
                  error={errors.steps?.[index]?.subject?.message}
                  aria-invalid={incomplete && !step?.subject.trim() ? true : undefined}
                  {...form.register(`steps.${index}.subject`)}
                />
                <div>
                  <TextareaField
                    label="Content"
                    rows={7}
                    error={errors.steps?.[index]?.content?.message}
                    aria-invalid={incomplete && !step?.content.trim() ? true : undefined}
                    ref={(el) => {
                      contentRef(el);
                      contentRefs.current.set(index, el);
                    }}
                    {...content}
                  />
                  <div
                    className="mt-2 flex flex-wrap items-center gap-1.5"
                    role="group"
                    aria-label="Insert placeholder"
                  >
                    <span className="text-xs text-slate-500 dark:text-slate-400">Insert:</span>
                    {insertable.map((p) => (
                      <button
                        key={p}
                        type="button"
                        onClick={() => insertPlaceholder(index, p)}
                        className="rounded-full border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-xs text-indigo-800 hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200 dark:hover:bg-indigo-500/20"
                      >
                        {p}
                      </button>
                    ))}
                  </div>
                </div>
                <SpintaxPreview
                  subject={step?.subject ?? ''}
                  content={step?.content ?? ''}
                  label={`step ${index + 1}`}
                />
                <StepVariants
                  control={form.control}
                  register={form.register}
                  setValue={form.setValue}
                  errors={errors}
                  index={index}
                  winners={winners}
                />
                {index > 0 && (
                  <StepConditions
                    control={form.control}
                    register={form.register}
                    setValue={form.setValue}
                    errors={errors}
                    index={index}
                  />
                )}
                <StepPreview
                  subject={previewText.subject}
                  content={previewText.content}
                  stepNumber={index + 1}
                  variantLabel={chosenIndex >= 0 ? variantLabel(chosenIndex) : null}
                  prospect={previewProspect}
                  onProspectChange={setPreviewProspect}
                />
                {!isLast && (
                  <TextField
                    label="Wait before next step (hours)"
                    type="number"
                    inputMode="numeric"
                    min={limits.minStepDelayHours}
                    max={limits.maxStepDelayHours}
                    step={1}
                    className="max-w-60"
                    error={errors.steps?.[index]?.delayHours?.message}
                    {...form.register(`steps.${index}.delayHours`, { valueAsNumber: true })}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {stepsError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {stepsError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" disabled={atMax} onClick={addStep}>
          <Plus aria-hidden className="size-4" /> Add Step
        </Button>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {fields.length} of {limits.maxSequenceSteps} steps
        </span>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      <DialogFooter>
        {onBack && (
          <Button type="button" variant="ghost" className="sm:mr-auto" onClick={onBack}>
            Back
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Save Sequence
        </Button>
      </DialogFooter>
    </form>
  );
}
