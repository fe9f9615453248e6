import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Picks `option` in the Radix Select named `combobox` the way a user does: open it, then click the option. */
export async function chooseOption(user: UserEvent, combobox: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}
