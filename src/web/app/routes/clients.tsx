import { ClientsPage } from '../../features/clients/components/clients-page';

/** Route module (lazy chunk) of the clients screen. */
export function Component() {
  return <ClientsPage />;
}
