import { ContactsPage } from '#web/features/contacts/components/contacts-page';

/** Route module (lazy chunk) of the contacts screen. */
export function Component() {
  return <ContactsPage />;
}
