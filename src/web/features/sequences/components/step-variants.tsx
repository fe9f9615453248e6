import { Plus, Shuffle, Trash2 } from 'lucide-react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormSetValue,
} from 'react-hook-form';
import { limits } from '#shared/limits';
import { sequenceMessages, type SequenceInput } from '#shared/schemas/sequences';
import { renderSpintax, spinSeed, spintaxCombinations, spintaxError } from '#shared/spintax';
import { variantLabel } from '#shared/variants';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { formatThousands } from '#shared/format-number';
import { formatDateTime } from '#web/lib/format';

/** How many sample renderings the spintax preview shows. */
const SAMPLES = 3;

/** A variant the auto-winner chose, and when (ISO 8601; null when chosen before that was kept). */
export interface ChosenWinner {
  variantId: string;
  chosenAt: string | null;
}

interface StepVariantsProps {
  control: Control<SequenceInput>;
  register: UseFormRegister<SequenceInput>;
  setValue: UseFormSetValue<SequenceInput>;
  errors: FieldErrors<SequenceInput>;
  index: number;
  /** The stored sequence's chosen winners; the one among this step's variants is shown. */
  winners?: readonly ChosenWinner[];
}

/** The auto-winner's default: sends per variant before it may choose. */
const DEFAULT_AUTO_WINNER_SENDS = 100;

/**
 * Each variant's share of the sends, 0–100 (%), from its weight among all of them as typed; a blank
 * or non-positive weight counts as 0.
 */
export function sharesOfSends(variants: readonly ({ weight?: number | null } | undefined)[]): number[] {
  const weights = variants.map((v) => (Number(v?.weight) > 0 ? Number(v?.weight) : 0));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (total > 0 ? Math.round((w / total) * 100) : 0));
}

/**
 * A variant's heading row: its name and, when `weight` is given (the field's registration), the
 * weight (1–100) with the share of sends it gives and a Remove button labelled `removeLabel`.
 */
export function VariantWeightRow({
  name,
  weight,
  weightError,
  percent,
  removeLabel,
  onRemove,
}: {
  name: string;
  weight?: UseFormRegisterReturn;
  weightError?: string | undefined;
  percent: number;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <span className="pb-2 text-sm font-semibold">Variant {name}</span>
      {weight && (
        <>
          <TextField
            label="Weight"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            className="w-24"
            error={weightError}
            {...weight}
          />
          <span className="pb-2 text-xs text-slate-600 dark:text-slate-400">{percent} % of sends</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="ml-auto"
            aria-label={removeLabel}
            onClick={onRemove}
          >
            <Trash2 aria-hidden className="size-4 text-red-600 dark:text-red-400" />
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * A step's A/B variants (docs/decisions/043-sequence-variants-and-spintax.md): none, or A (the
 * step's own subject and content) and up to three more, each with its own subject and/or body (empty
 * keeps the step's) and a weight; each prospect gets one variant, by weight.
 */
export function StepVariants({
  control,
  register,
  setValue,
  errors,
  index,
  winners = [],
}: StepVariantsProps) {
  // keyName: the variants' own `id` must survive (it keeps their statistics across saves).
  const { fields, append, remove, replace } = useFieldArray({
    control,
    name: `steps.${index}.variants`,
    keyName: 'key',
  });
  const variants = useWatch({ control, name: `steps.${index}.variants` }) ?? [];
  const shares = sharesOfSends(variants);
  const stepErrors = errors.steps?.[index]?.variants;
  const autoWinnerAfter = useWatch({ control, name: `steps.${index}.autoWinnerAfter` });
  const winnerIndex = variants.findIndex((v) => v?.id && winners.some((w) => w.variantId === v.id));
  const winner =
    winnerIndex >= 0 ? winners.find((w) => w.variantId === variants[winnerIndex]!.id) : undefined;
  const single = () => {
    replace([]);
    setValue(`steps.${index}.autoWinnerAfter`, null);
  };

  if (fields.length === 0) {
    return (
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() =>
          replace([
            { subject: '', content: '', weight: 1 },
            { subject: '', content: '', weight: 1 },
          ])
        }
      >
        <Plus aria-hidden className="size-4" /> Add A/B variant
      </Button>
    );
  }
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Variants</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Each prospect gets one variant, by weight. Leave a subject or body empty to keep variant A’s.
      </p>
      <ol className="space-y-3" aria-label={`Variants of step ${index + 1}`}>
        {fields.map((field, v) => (
          <li
            key={field.key}
            aria-label={`Variant ${variantLabel(v)}`}
            className="space-y-2 rounded-md bg-slate-50 p-3 dark:bg-slate-800/50"
          >
            <VariantWeightRow
              name={variantLabel(v)}
              weight={register(`steps.${index}.variants.${v}.weight`, { valueAsNumber: true })}
              weightError={stepErrors?.[v]?.weight?.message}
              percent={shares[v] ?? 0}
              removeLabel={`Remove variant ${variantLabel(v)}`}
              // With one variant left the step is its one version again.
              onRemove={() => (fields.length <= 2 ? single() : remove(v))}
            />
            {v === 0 ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                The step’s subject and content above.
              </p>
            ) : (
              <>
                <TextField
                  label={`Variant ${variantLabel(v)} subject`}
                  placeholder="Same as variant A"
                  // "Needs its own subject or body" goes once either is typed (the form revalidates only the field typed in).
                  error={
                    stepErrors?.[v]?.subject?.message === sequenceMessages.variantEmpty &&
                    (variants[v]?.subject?.trim() || variants[v]?.content?.trim())
                      ? undefined
                      : stepErrors?.[v]?.subject?.message
                  }
                  {...register(`steps.${index}.variants.${v}.subject`)}
                />
                <TextareaField
                  label={`Variant ${variantLabel(v)} content`}
                  placeholder="Same as variant A"
                  rows={4}
                  error={stepErrors?.[v]?.content?.message}
                  {...register(`steps.${index}.variants.${v}.content`)}
                />
                <SpintaxPreview
                  subject={variants[v]?.subject ?? ''}
                  content={variants[v]?.content ?? ''}
                  label={`variant ${variantLabel(v)}`}
                />
              </>
            )}
          </li>
        ))}
      </ol>
      <Checkbox
        label="Pick a winner automatically"
        hint="Once every variant has this many sends and their reply rates differ significantly (95 %), the rest of this step’s sends use the better one."
        checked={autoWinnerAfter != null}
        onChange={(e) =>
          setValue(`steps.${index}.autoWinnerAfter`, e.target.checked ? DEFAULT_AUTO_WINNER_SENDS : null, {
            shouldDirty: true,
          })
        }
      />
      {winner && autoWinnerAfter != null && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          Variant {variantLabel(winnerIndex)} won
          {winner.chosenAt ? ` on ${formatDateTime(winner.chosenAt)}` : ''}: the rest of this step’s sends use
          it.
        </p>
      )}
      {autoWinnerAfter != null && (
        <TextField
          label="Sends per variant first"
          type="number"
          inputMode="numeric"
          min={limits.minAutoWinnerSends}
          max={limits.maxAutoWinnerSends}
          step={1}
          className="max-w-60"
          error={errors.steps?.[index]?.autoWinnerAfter?.message}
          {...register(`steps.${index}.autoWinnerAfter`, { valueAsNumber: true })}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fields.length >= limits.maxStepVariants}
          onClick={() => append({ subject: '', content: '', weight: 1 })}
        >
          <Plus aria-hidden className="size-4" /> Add variant
        </Button>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {fields.length} of {limits.maxStepVariants} variants
        </span>
      </div>
    </fieldset>
  );
}

/**
 * What a text's spintax makes: the number of combinations and a few renderings (seeded as sample
 * prospects would be), or the first error with its character. Shown only for text with spintax.
 */
export function SpintaxPreview({
  subject,
  content,
  label,
}: {
  subject: string;
  content: string;
  label: string;
}) {
  const error = spintaxError(subject) ?? spintaxError(content);
  const combinations = spintaxCombinations(subject) * spintaxCombinations(content);
  const hasSpin = /(^|[^{\\])\{(?!\{)/.test(subject) || /(^|[^{\\])\{(?!\{)/.test(content);
  if (!error && !hasSpin) return null;
  if (error) {
    const field = spintaxError(subject) ? 'Subject' : 'Content';
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Spintax in the {label} {field.toLowerCase()}: {error.error}
      </p>
    );
  }
  const samples = Array.from({ length: SAMPLES }, (_, i) => {
    const seed = `sample-${i + 1}`;
    return {
      subject: subject ? renderSpintax(subject, spinSeed(seed, 1, 'subject')) : '',
      content: content ? renderSpintax(content, spinSeed(seed, 1, 'body')) : '',
    };
  });
  return (
    <details className="rounded-md border border-dashed border-slate-300 px-3 py-2 text-sm dark:border-slate-700">
      <summary className="flex cursor-pointer items-center gap-2 font-medium text-indigo-700 dark:text-indigo-300">
        <Shuffle aria-hidden className="size-4" />
        Spintax: {formatThousands(combinations)} {combinations === 1 ? 'combination' : 'combinations'}
      </summary>
      <ol aria-label={`Spintax renderings of ${label}`} className="mt-2 space-y-2">
        {samples.map((s, i) => (
          <li key={i} className="rounded bg-white p-2 dark:bg-slate-900">
            {s.subject && <p className="font-medium break-words">{s.subject}</p>}
            {s.content && (
              <p className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
                {s.content}
              </p>
            )}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Each prospect gets one rendering, the same every time: the preview for a prospect shows theirs.
      </p>
    </details>
  );
}
