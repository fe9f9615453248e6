import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { sequenceMessages } from '../../../shared/schemas/sequences';
import { emailSequenceTemplates, emailSequenceTemplateSteps } from '../../db/schema/sequences';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { seedSequenceTemplates, sequenceTemplateSeeds } from './templates';

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedSequenceTemplates(t.handle.db);
  alice = (await signUpUser(t.app)).cookie;
  bob = (await signUpUser(t.app)).cookie;
});
afterAll(() => t.close());

const pitch = {
  name: 'Guest post pitch',
  steps: [
    { subject: 'Idea for [Website]', content: 'Hi [First Name]', delayHours: 48 },
    { subject: 'Re: Idea for [Website]', content: 'Following up', delayHours: 12 },
  ],
};
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('sequences API', () => {
  it('creates a sequence with numbered steps and no delay on the last one', async () => {
    const response = await call(alice, 'POST', apiPaths.sequences, pitch);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.name).toBe('Guest post pitch');
    expect(
      created.steps.map((s: { stepNumber: number; delayHours: number | null }) => [
        s.stepNumber,
        s.delayHours,
      ]),
    ).toEqual([
      [1, 48],
      [2, null],
    ]);
  });

  it('lists only the user’s own sequences, newest first, paginated', async () => {
    await call(alice, 'POST', apiPaths.sequences, { ...pitch, name: 'Second' });
    const page = (await call(alice, 'GET', `${apiPaths.sequences}?page=1&pageSize=1`)).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items.map((s: { name: string }) => s.name)).toEqual(['Second']);
    expect((await call(bob, 'GET', apiPaths.sequences)).json().total).toBe(0);
  });

  it('replaces name and steps on update', async () => {
    const { id } = (await call(alice, 'POST', apiPaths.sequences, pitch)).json();
    const response = await call(alice, 'PUT', `${apiPaths.sequences}/${id}`, {
      name: 'Renamed',
      steps: [{ subject: 'Only', content: 'One step', delayHours: null }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', steps: [{ stepNumber: 1, subject: 'Only' }] });
  });

  it('answers the form’s messages for invalid input and stores nothing', async () => {
    const before = (await call(alice, 'GET', apiPaths.sequences)).json().total;
    const noName = await call(alice, 'POST', apiPaths.sequences, { ...pitch, name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(sequenceMessages.nameRequired);
    const emptyStep = await call(alice, 'POST', apiPaths.sequences, {
      name: 'x',
      steps: [{ subject: 'Hi', content: '', delayHours: 24 }],
    });
    expect(emptyStep.json().error.message).toBe(sequenceMessages.stepsIncomplete);
    const fourSteps = await call(alice, 'POST', apiPaths.sequences, {
      name: 'x',
      steps: Array.from({ length: 4 }, () => ({ subject: 's', content: 'c', delayHours: 24 })),
    });
    expect(fourSteps.json().error.message).toBe(sequenceMessages.tooManySteps);
    const longDelay = await call(alice, 'POST', apiPaths.sequences, {
      name: 'x',
      steps: [
        { subject: 's', content: 'c', delayHours: 721 },
        { subject: 's', content: 'c', delayHours: null },
      ],
    });
    expect(longDelay.json().error.message).toBe(sequenceMessages.delayRange);
    expect((await call(alice, 'GET', apiPaths.sequences)).json().total).toBe(before);
  });

  it('answers 404 to another user, for read, update and delete, and changes nothing', async () => {
    const { id } = (await call(alice, 'POST', apiPaths.sequences, pitch)).json();
    expect((await call(bob, 'GET', `${apiPaths.sequences}/${id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, 'PUT', `${apiPaths.sequences}/${id}`, { ...pitch, name: 'Hijacked' })).statusCode,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `${apiPaths.sequences}/${id}`)).statusCode).toBe(404);
    const mine = (await call(alice, 'GET', `${apiPaths.sequences}/${id}`)).json();
    expect(mine.name).toBe(pitch.name);
  });

  it('deletes a sequence with its steps', async () => {
    const { id } = (await call(alice, 'POST', apiPaths.sequences, pitch)).json();
    expect((await call(alice, 'DELETE', `${apiPaths.sequences}/${id}`)).statusCode).toBe(200);
    expect((await call(alice, 'GET', `${apiPaths.sequences}/${id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `${apiPaths.sequences}/${id}`)).statusCode).toBe(404);
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.sequences })).statusCode).toBe(401);
  });
});

describe('sequence templates', () => {
  it('ships the templates with their steps in order, and seeding twice adds nothing', async () => {
    await seedSequenceTemplates(t.handle.db);
    const [templates] = await t.handle.db.select({ n: count() }).from(emailSequenceTemplates);
    const [steps] = await t.handle.db.select({ n: count() }).from(emailSequenceTemplateSteps);
    expect(templates!.n).toBe(sequenceTemplateSeeds.length);
    expect(steps!.n).toBe(sequenceTemplateSeeds.reduce((sum, seed) => sum + seed.steps.length, 0));

    const list = (await call(alice, 'GET', apiPaths.sequenceTemplates)).json();
    expect(list.map((t: { name: string }) => t.name).sort()).toEqual(
      sequenceTemplateSeeds.map((s) => s.name).sort(),
    );
    const brokenLink = list.find((t: { name: string }) => t.name === 'Broken link');
    expect(brokenLink.steps.map((s: { stepNumber: number }) => s.stepNumber)).toEqual([1, 2, 3]);
    expect(brokenLink.steps.at(-1).delayHours).toBeNull();
  });
});
