import { GitBranch, Plus, Trash2 } from 'lucide-react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { limits } from '#shared/limits';
import type { SequenceInput } from '#shared/schemas/sequences';
import { stepConditionLabels, stepConditions, type StepCondition } from '#shared/step-conditions';
import { variantLabel } from '#shared/variants';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { sharesOfSends, SpintaxPreview, VariantWeightRow } from './step-variants';

interface StepConditionsProps {
  control: Control<SequenceInput>;
  register: UseFormRegister<SequenceInput>;
  setValue: UseFormSetValue<SequenceInput>;
  errors: FieldErrors<SequenceInput>;
  /** The step's index (1 or 2: only follow-ups have conditions). */
  index: number;
}

/** What each condition means, after "Prospects who …" (docs/decisions/045-conditional-follow-ups.md). */
const conditionHints: Record<StepCondition, string> = {
  clicked: 'clicked a link in the previous step',
  opened_no_reply: 'opened the previous step (or clicked in it) without replying',
  not_opened: 'did not open the previous step (opens by mail scanners do not count)',
};

const conditionOptions = (conditions: readonly StepCondition[]) =>
  conditions.map((c) => ({ value: c, label: stepConditionLabels[c] }));

/**
 * A follow-up step's conditions (docs/decisions/045-conditional-follow-ups.md): per condition on the
 * previous step — clicked, opened without reply, not opened — its own variants (subject and/or body,
 * empty keeping the step's, and a weight). Chosen when the step is queued, most specific first;
 * prospects matching none get the step's own text and variants.
 */
export function StepConditions({ control, register, setValue, errors, index }: StepConditionsProps) {
  const { fields, append, remove } = useFieldArray({
    control,
    name: `steps.${index}.branches`,
    keyName: 'key',
  });
  const branches = useWatch({ control, name: `steps.${index}.branches` }) ?? [];
  const used = branches.map((b) => b?.condition);
  const unused = stepConditions.filter((c) => !used.includes(c));
  const branchErrors = errors.steps?.[index]?.branches;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="flex items-center gap-1 px-1 text-sm font-medium">
        <GitBranch aria-hidden className="size-4" /> Conditions
      </legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Send other words depending on what the prospect did with step {index}. Checked when this step is due:
        clicked first, then opened, then not opened; everyone else gets the text above. A follow-up goes in
        the thread as “Re: …”, so the body is what the prospect sees change.
      </p>
      {fields.length > 0 && (
        <ol className="space-y-3" aria-label={`Conditions of step ${index + 1}`}>
          {fields.map((field, b) => {
            const condition = branches[b]?.condition;
            const name = condition ? stepConditionLabels[condition] : 'Condition';
            return (
              <li
                key={field.key}
                aria-label={`If ${name}`}
                className="space-y-2 rounded-md bg-indigo-50/60 p-3 dark:bg-indigo-500/10"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-semibold">If the prospect</span>
                  <Select
                    aria-label={`Condition ${b + 1} of step ${index + 1}`}
                    className="w-52"
                    value={condition}
                    options={conditionOptions(
                      stepConditions.filter((c) => c === condition || !used.includes(c)),
                    )}
                    invalid={Boolean(branchErrors?.[b]?.condition)}
                    onValueChange={(value) =>
                      setValue(`steps.${index}.branches.${b}.condition`, value as StepCondition, {
                        shouldDirty: true,
                        shouldValidate: true,
                      })
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="ml-auto"
                    aria-label={`Remove condition ${name}`}
                    onClick={() => remove(b)}
                  >
                    <Trash2 aria-hidden className="size-4 text-red-600 dark:text-red-400" />
                  </Button>
                </div>
                {condition && (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Prospects who {conditionHints[condition]}.
                  </p>
                )}
                {branchErrors?.[b]?.condition?.message && (
                  <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                    {branchErrors[b].condition.message}
                  </p>
                )}
                <BranchVariants
                  control={control}
                  register={register}
                  errors={errors}
                  index={index}
                  branch={b}
                  name={name}
                />
              </li>
            );
          })}
        </ol>
      )}
      {unused.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <Select
            aria-label={`Add a condition to step ${index + 1}`}
            className="w-64"
            value={undefined}
            placeholder="Add a condition…"
            options={conditionOptions(unused)}
            onValueChange={(value) =>
              append({
                condition: value as StepCondition,
                variants: [{ subject: '', content: '', weight: 1 }],
              })
            }
          />
        </div>
      )}
    </fieldset>
  );
}

/** The variants of one condition: each with its own subject and/or body and a weight. */
function BranchVariants({
  control,
  register,
  errors,
  index,
  branch,
  name,
}: Omit<StepConditionsProps, 'setValue'> & { branch: number; name: string }) {
  const { fields, append, remove } = useFieldArray({
    control,
    name: `steps.${index}.branches.${branch}.variants`,
    keyName: 'key',
  });
  const variants = useWatch({ control, name: `steps.${index}.branches.${branch}.variants` }) ?? [];
  const variantErrors = errors.steps?.[index]?.branches?.[branch]?.variants;
  const shares = sharesOfSends(variants);
  return (
    <div className="space-y-2">
      <ol className="space-y-2" aria-label={`Variants if ${name}`}>
        {fields.map((field, v) => {
          const label = `${name} · ${variantLabel(v)}`;
          return (
            <li key={field.key} aria-label={`Variant ${label}`} className="space-y-2">
              <VariantWeightRow
                name={variantLabel(v)}
                // One variant has nothing to weigh against, and stays.
                {...(fields.length > 1 && {
                  weight: register(`steps.${index}.branches.${branch}.variants.${v}.weight`, {
                    valueAsNumber: true,
                  }),
                })}
                weightError={variantErrors?.[v]?.weight?.message}
                percent={shares[v] ?? 0}
                removeLabel={`Remove variant ${label}`}
                onRemove={() => remove(v)}
              />
              <TextField
                label={`${label} subject`}
                placeholder="Same as the step"
                error={variantErrors?.[v]?.subject?.message}
                {...register(`steps.${index}.branches.${branch}.variants.${v}.subject`)}
              />
              <TextareaField
                label={`${label} content`}
                placeholder="Same as the step"
                rows={4}
                error={variantErrors?.[v]?.content?.message}
                {...register(`steps.${index}.branches.${branch}.variants.${v}.content`)}
              />
              <SpintaxPreview
                subject={variants[v]?.subject ?? ''}
                content={variants[v]?.content ?? ''}
                label={`variant ${label}`}
              />
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={fields.length >= limits.maxStepVariants}
        onClick={() => append({ subject: '', content: '', weight: 1 })}
      >
        <Plus aria-hidden className="size-4" /> Add variant
      </Button>
    </div>
  );
}
