import { ClientsPage } from '#web/features/clients/components/clients-page';

/** Route module (lazy chunk) of the clients screen. */
export function Component() {
  return <ClientsPage />;
}
