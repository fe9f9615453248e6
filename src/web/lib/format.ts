import { format } from 'date-fns';

/** A date as the app shows it: 'MMMM d, yyyy' (docs/product.md#limits), e.g. 'March 1, 2026'. */
export function formatDate(isoDate: string): string {
  return format(new Date(isoDate), 'MMMM d, yyyy');
}

/** A moment of a history: 'MMM d, yyyy, HH:mm' in the viewer's time zone, e.g. 'Mar 1, 2026, 14:05'. */
export function formatDateTime(isoDate: string): string {
  return format(new Date(isoDate), 'MMM d, yyyy, HH:mm');
}
