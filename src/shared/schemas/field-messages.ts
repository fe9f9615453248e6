import { formatThousands } from '../format-number';

/**
 * Validation messages in the user's words for the limits that have no message of their own
 * (length caps, whole numbers, list sizes). The forms' own messages stay in their schemas;
 * these name the field and the limit, so "The request is not valid" never stands in for the reason.
 */
export const fieldMessages = {
  /** `${field} must be at most N characters`, N written with thousands separators (5,000). */
  tooLong: (field: string, max: number) => `${field} must be at most ${formatThousands(max)} characters`,
  /** For a number field that got a fraction. */
  wholeNumber: (field: string) => `${field} must be a whole number`,
  /** For a required text field that is empty. */
  required: (field: string) => `${field} is required`,
  /** For a list of more than `max` entries; `items` is the plural noun ("domains"). */
  tooMany: (items: string, max: number) => `Add at most ${formatThousands(max)} ${items}`,
  /** For a number outside its range. */
  between: (field: string, min: number, max: number) =>
    `${field} must be between ${formatThousands(min)} and ${formatThousands(max)}`,
} as const;
