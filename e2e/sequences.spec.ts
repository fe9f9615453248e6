import { expect, test } from '@playwright/test';
import { sequenceMessages } from '../src/shared/schemas/sequences';
import { newUser, signUp } from './support';

test('a sequence from the Guest post pitch template: create, list, edit, delete', async ({ page }) => {
  await signUp(page, newUser());
  await page.goto('/dashboard/sequences');
  await expect(page.getByRole('heading', { name: 'Email Sequences' })).toBeVisible();
  await expect(page.getByText('No sequences yet')).toBeVisible();

  await page.getByRole('button', { name: 'New Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Sequence' });
  await dialog.getByRole('button', { name: /Guest post pitch/ }).click();
  await expect(dialog.getByLabel('Sequence Name')).toHaveValue('Guest post pitch');
  await dialog.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(page.getByText(sequenceMessages.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = page.getByRole('listitem').filter({ hasText: 'Guest post pitch' });
  await expect(item).toBeVisible();

  await page.getByRole('button', { name: 'Edit Guest post pitch' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Sequence' });
  await editor.getByLabel('Sequence Name').fill('');
  await editor.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(editor.getByText(sequenceMessages.nameRequired)).toBeVisible();
  await editor.getByLabel('Sequence Name').fill('Pitch to editors');
  await editor.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Pitch to editors' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Pitch to editors' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(sequenceMessages.deleted)).toBeVisible();
  await expect(page.getByText('No sequences yet')).toBeVisible();
});
