import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { contactInputSchema, contactMessages, type ContactInput } from '#shared/schemas/contact';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { ApiError } from '#web/lib/api-error';
import { applyServerIssues } from '#web/lib/form-errors';
import { sendContactMessage } from '../api/send-contact-message';
import { useSingleFlight } from '#web/lib/use-single-flight';

const fieldNames = ['name', 'email', 'subject', 'message'] as const;

/**
 * The contact form: validated with the shared schema, stored by the server, then cleared.
 * An island of the server-rendered /contact page, so it needs no query client, and its fields carry
 * fixed ids (see islands/island.tsx).
 */
export function ContactForm({ initialSubject = '' }: { initialSubject?: string }) {
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { name: '', email: '', subject: initialSubject, message: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = formState.errors;

  const onSubmit = useSingleFlight(
    handleSubmit(async (values) => {
      setServerError(null);
      setSent(false);
      setSending(true);
      await sendContactMessage(values).then(
        () => {
          reset({ name: '', email: '', subject: '', message: '' });
          setSent(true);
          toast.success(contactMessages.sent);
        },
        (error: unknown) => {
          if (applyServerIssues(error, fieldNames, setError)) return;
          setServerError(
            error instanceof ApiError && error.code === 'RATE_LIMITED'
              ? error.message
              : contactMessages.sendFailed,
          );
        },
      );
      setSending(false);
    }),
  );

  return (
    // method="post": a submit before the page has hydrated must never put the message into a URL.
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      aria-label="Contact form"
      className="grid gap-5 sm:grid-cols-2"
    >
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="contact-subject"
        label="Subject"
        className="sm:col-span-2"
        error={errors.subject?.message}
        {...register('subject')}
      />
      <TextareaField
        id="contact-message"
        label="Message"
        rows={6}
        className="sm:col-span-2"
        error={errors.message?.message}
        {...register('message')}
      />
      {serverError && (
        <Alert variant="destructive" className="sm:col-span-2">
          {serverError}
        </Alert>
      )}
      {sent && <Alert className="sm:col-span-2">{contactMessages.sent}</Alert>}
      <Button type="submit" size="lg" loading={sending} className="sm:col-span-2 sm:justify-self-start">
        Send message
      </Button>
    </form>
  );
}
