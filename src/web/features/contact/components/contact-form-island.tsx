import { ThemedToaster } from '#web/components/themed-toaster';
import { ContactForm } from './contact-form';

/**
 * The contact form as an island of the server-rendered /contact page: that page has no app providers,
 * so the island brings the toast outlet its confirmation shows in.
 */
export function ContactFormIsland({ initialSubject }: { initialSubject?: string }) {
  return (
    <>
      <ContactForm initialSubject={initialSubject} />
      <ThemedToaster />
    </>
  );
}
