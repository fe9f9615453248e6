import { ContactsPage } from '../../features/contacts/components/contacts-page';

/** Route module (lazy chunk) of the contacts screen. */
export function Component() {
  return <ContactsPage />;
}
