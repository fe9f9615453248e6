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

test('a follow-up condition: chosen in the editor, saved, shown again on reopening', async ({ page }) => {
  await signUp(page, newUser());
  await page.goto('/dashboard/sequences');
  await page.getByRole('button', { name: 'New Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Sequence' });
  await dialog.getByRole('button', { name: /Guest post pitch/ }).click();
  await dialog.getByLabel('Sequence Name').fill('Conditional pitch');
  // Step 1 has nothing to depend on: no condition selector there.
  await expect(dialog.getByRole('combobox', { name: 'Add a condition to step 1' })).toHaveCount(0);
  await dialog.getByRole('button', { name: /^Step 2/ }).click();
  await dialog.getByRole('combobox', { name: 'Add a condition to step 2' }).click();
  await page.getByRole('option', { name: 'Not opened' }).click();
  const branch = dialog.getByRole('listitem', { name: 'If Not opened' });
  await expect(branch.getByText('did not open the previous step')).toBeVisible();
  // A condition's variant needs words of its own: the server's and the form's message.
  await dialog.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(branch.getByText(sequenceMessages.variantEmpty)).toBeVisible();
  await branch
    .getByLabel('Not opened · A content')
    .fill('Resending in case it got buried, [First Name|there].');
  await dialog.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(page.getByText(sequenceMessages.saved)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Edit Conditional pitch' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Sequence' });
  await editor.getByRole('button', { name: /^Step 2/ }).click();
  const saved = editor.getByRole('listitem', { name: 'If Not opened' });
  await expect(saved.getByRole('combobox', { name: 'Condition 1 of step 2' })).toHaveText('Not opened');
  await expect(saved.getByLabel('Not opened · A content')).toHaveValue(
    'Resending in case it got buried, [First Name|there].',
  );
});
