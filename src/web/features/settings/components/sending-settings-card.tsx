import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import {
  settingsMessages as m,
  sendingSettingsSchema,
  weekdays,
  type SavedSendingSettings,
  type SendingSettings,
  type SendingSettingsInput,
} from '#shared/schemas/settings';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { applyServerIssues } from '#web/lib/form-errors';
import { useSaveSendingSettings, useSendingSettings } from '../api/settings-queries';

const fields = [
  'postalAddress',
  'timeZone',
  'sendWindowDays',
  'sendWindowStartHour',
  'sendWindowEndHour',
] as const;
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const startHours = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const endHours = Array.from({ length: 24 }, (_, h) => ({ value: String(h + 1), label: hourLabel(h + 1) }));
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const knownTimeZones = () => ['UTC', ...Intl.supportedValuesOf('timeZone')];

const toForm = (saved: SavedSendingSettings): SendingSettingsInput => ({
  ...saved,
  postalAddress: saved.postalAddress ?? '',
});

/**
 * The Profile tab's sending settings (docs/decisions/009-outreach-sending.md): the postal address printed in the footer of
 * outreach emails, and the window — days and hours in a time zone — in which they may go out. They
 * are the workspace's: a member sees them read-only, only Full Access changes them (docs/product.md#roles).
 */
export function SendingSettingsCard({ user }: { user: Me }) {
  const query = useSendingSettings();
  const readOnly = user.role !== 'full';
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <h2 className="text-lg font-semibold">Sending</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          When outreach emails may go out, and the address printed at their foot.
        </p>
        {readOnly && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Only members with Full Access change the workspace’s sending settings.
          </p>
        )}
        {query.isPending ? (
          <div role="status" aria-label="Loading sending settings" className="mt-5 space-y-4">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <p className="mt-5 text-sm text-red-600 dark:text-red-400">{m.sendingLoadFailed}</p>
        ) : (
          <SendingForm saved={query.data} readOnly={readOnly} />
        )}
      </CardContent>
    </Card>
  );
}

function SendingForm({ saved, readOnly }: { saved: SavedSendingSettings; readOnly: boolean }) {
  const save = useSaveSendingSettings();
  const zonesId = useId();
  const form = useForm<SendingSettingsInput, unknown, SendingSettings>({
    resolver: zodResolver(sendingSettingsSchema),
    defaultValues: toForm(saved),
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (result) => {
        form.reset(toForm(result));
        toast.success(m.sendingUpdated);
      },
      onError: (caught) => {
        applyServerIssues(caught, fields, form.setError);
        toast.error(m.sendingFailed);
      },
    }),
  );

  return (
    <form
      noValidate
      aria-label="Sending settings"
      onSubmit={onSubmit}
      className="mt-5 grid gap-5 sm:grid-cols-2"
    >
      <TextareaField
        label="Postal address"
        hint="Printed under your name at the foot of every outreach email, as anti-spam laws ask. Leave empty for no footer."
        rows={3}
        className="sm:col-span-2"
        disabled={readOnly}
        error={errors.postalAddress?.message}
        {...form.register('postalAddress')}
      />
      <div className="sm:col-span-2">
        <TextField
          label="Time zone"
          list={zonesId}
          autoComplete="off"
          placeholder="Europe/Berlin"
          disabled={readOnly}
          error={errors.timeZone?.message}
          {...form.register('timeZone')}
        />
        <datalist id={zonesId}>
          {knownTimeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {!readOnly && (
          <button
            type="button"
            className="mt-1.5 cursor-pointer text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            onClick={() => form.setValue('timeZone', browserTimeZone(), { shouldDirty: true })}
          >
            Use this browser’s time zone ({browserTimeZone()})
          </button>
        )}
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Sending days</legend>
        <Controller
          control={form.control}
          name="sendWindowDays"
          render={({ field }) => (
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {weekdays.map(({ day, label }) => (
                <Checkbox
                  key={day}
                  label={label}
                  checked={field.value.includes(day)}
                  disabled={readOnly}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked ? [...field.value, day] : field.value.filter((d) => d !== day),
                    )
                  }
                />
              ))}
            </div>
          )}
        />
        {errors.sendWindowDays && (
          <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.sendWindowDays.message}</p>
        )}
      </fieldset>
      <HourSelect
        form={form}
        name="sendWindowStartHour"
        label="From"
        options={startHours}
        disabled={readOnly}
      />
      <HourSelect form={form} name="sendWindowEndHour" label="Until" options={endHours} disabled={readOnly} />
      <p className="text-xs text-slate-500 sm:col-span-2 dark:text-slate-400">
        Emails go out only on these days between these hours, in the time zone above. From 00:00 until 24:00
        on every day means at any time.
      </p>
      {!readOnly && (
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            Save Sending Settings
          </Button>
        </div>
      )}
    </form>
  );
}

function HourSelect({
  form,
  name,
  label,
  options,
  disabled,
}: {
  form: ReturnType<typeof useForm<SendingSettingsInput, unknown, SendingSettings>>;
  name: 'sendWindowStartHour' | 'sendWindowEndHour';
  label: string;
  options: { value: string; label: string }[];
  disabled: boolean;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            id={id}
            className="mt-1.5"
            value={String(field.value)}
            onValueChange={(v) => field.onChange(Number(v))}
            options={options}
            disabled={disabled}
            invalid={Boolean(error)}
          />
        )}
      />
      {error && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{error}</p>}
    </div>
  );
}
