import { expect, test as setup } from '@playwright/test';
import { apiPaths } from '../src/shared/paths';
import { installOwner } from './support';

setup('sign up the install owner (first user, Full Access)', async ({ request }) => {
  const { firstName, lastName, companyName, email, password } = installOwner;
  const response = await request.post(apiPaths.signUp, {
    data: { firstName, lastName, companyName, email, password },
  });
  expect(response.status()).toBe(200);
});
