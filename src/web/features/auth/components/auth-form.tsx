import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { cn } from '#web/lib/cn';
import { applyServerIssues } from '#web/lib/form-errors';
import { authErrorMessage } from '../auth-error-message';
import { useSingleFlight } from '#web/lib/use-single-flight';

/** One input of an auth form. */
export interface AuthField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  /** Half width from the sm breakpoint, so two such fields share a row. */
  half?: boolean;
  /** Helper text under the input. */
  hint?: string;
}

interface AuthFormProps<T extends FieldValues> {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  fields: readonly AuthField<T>[];
  submitLabel: string;
  mutation: UseMutationResult<unknown, Error, T>;
}

/**
 * A sign-in or sign-up form: validates with the shared zod schema on submit (then on every change),
 * shows each message under its field, and the server's refusal in an alert above the submit button.
 */
export function AuthForm<T extends FieldValues>({
  schema,
  defaultValues,
  fields,
  submitLabel,
  mutation,
}: AuthFormProps<T>) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, setError, getFieldState, formState } = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // One request per submit: a double click must not sign up twice (the second would say the email is taken).
  const onSubmit = useSingleFlight(
    handleSubmit(async (values) => {
      setServerError(null);
      await mutation.mutateAsync(values).catch((error: unknown) => {
        const allOnFields = applyServerIssues(
          error,
          fields.map((field) => field.name),
          setError,
        );
        if (!allOnFields) setServerError(authErrorMessage(error));
      });
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-2 gap-4">
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          hint={field.hint}
          error={getFieldState(field.name, formState).error?.message}
          className={cn('col-span-2', field.half && 'sm:col-span-1')}
          {...register(field.name)}
        />
      ))}
      {serverError && (
        <Alert variant="destructive" className="col-span-2">
          {serverError}
        </Alert>
      )}
      <Button type="submit" size="lg" loading={mutation.isPending} className="col-span-2 mt-2 w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
