// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sequenceMessages } from '#shared/schemas/sequences';
import { blankStep } from '../sequence-values';
import { SequenceEditor } from './sequence-editor';

function renderEditor(initial = { name: '', steps: [blankStep()] }, customPlaceholders?: string[]) {
  const onSubmit = vi.fn();
  render(
    <SequenceEditor
      initial={initial}
      onSubmit={onSubmit}
      onCancel={() => {}}
      customPlaceholders={customPlaceholders}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Save Sequence' });
const delayInputs = () => screen.queryAllByLabelText('Wait before next step (hours)');

describe('SequenceEditor', () => {
  it('shows the form messages for a missing name and an incomplete step, and does not save', async () => {
    const { onSubmit, user } = renderEditor();
    await user.click(save());
    expect(await screen.findByText(sequenceMessages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(sequenceMessages.stepsIncomplete)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('allows at most 3 steps, and only steps before the last have a delay (default 24)', async () => {
    const { user } = renderEditor();
    const add = screen.getByRole('button', { name: 'Add Step' });
    expect(delayInputs()).toHaveLength(0);
    await user.click(add);
    expect(delayInputs()).toHaveLength(1);
    expect(delayInputs()[0]).toHaveValue(24);
    await user.click(add);
    expect(screen.getAllByRole('button', { name: /^Step \d/ })).toHaveLength(3);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove step 3' }));
    expect(add).toBeEnabled();
    expect(screen.getAllByRole('button', { name: /^Step \d/ })).toHaveLength(2);
  });

  it('rejects a delay outside 1–720 hours', async () => {
    const { onSubmit, user } = renderEditor({
      name: 'Pitch',
      steps: [
        { subject: 'Hi', content: 'Hello', delayHours: 24 },
        { subject: 'Re', content: 'Again', delayHours: 24 },
      ],
    });
    const delay = delayInputs()[0]!;
    await user.clear(delay);
    await user.type(delay, '721');
    await user.click(save());
    expect(await screen.findByText(sequenceMessages.delayRange)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a valid sequence with the last step’s delay as null and inserts placeholders', async () => {
    const { onSubmit, user } = renderEditor();
    await user.type(screen.getByLabelText('Sequence Name'), 'Guest post');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Content'), 'Hi ');
    const chips = screen.getByRole('group', { name: 'Insert placeholder' });
    await user.click(within(chips).getByRole('button', { name: '[First Name]' }));
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Guest post',
      steps: [
        {
          subject: 'Hello',
          content: 'Hi [First Name]',
          delayHours: null,
          variants: [],
          autoWinnerAfter: null,
          branches: [],
        },
      ],
    });
  });

  it('counts spintax combinations, shows renderings, and names bad spintax with its character', async () => {
    const { onSubmit, user } = renderEditor({
      name: 'Spun',
      steps: [{ subject: '{Hi|Hello|Hey} there', content: 'Body {a|b}', delayHours: null, variants: [] }],
    });
    await user.click(screen.getByText('Spintax: 6 combinations'));
    const renderings = screen.getByRole('list', { name: 'Spintax renderings of step 1' });
    expect(within(renderings).getAllByRole('listitem')).toHaveLength(3);
    for (const item of within(renderings).getAllByRole('listitem'))
      expect(item.textContent).toMatch(/^(Hi|Hello|Hey) thereBody (a|b)$/);
    const subject = screen.getByLabelText('Subject', { exact: true });
    await user.clear(subject);
    await user.type(subject, 'Oops {{Hi|Hey');
    expect(screen.getByRole('alert')).toHaveTextContent("Unclosed '{' at character 6");
    await user.click(save());
    expect(await screen.findByText("Subject: Unclosed '{' at character 6")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds variants with weights and their share of sends, and removes them back to one version', async () => {
    const { onSubmit, user } = renderEditor({
      name: 'AB',
      steps: [{ subject: 'Hello', content: 'Body', delayHours: null, variants: [] }],
    });
    await user.click(screen.getByRole('button', { name: 'Add A/B variant' }));
    const b = screen.getByRole('listitem', { name: 'Variant B' });
    expect(screen.getAllByText('50 % of sends')).toHaveLength(2);
    await user.type(within(b).getByLabelText('Variant B subject'), 'Quick question');
    const weight = within(b).getByLabelText('Weight');
    await user.clear(weight);
    await user.type(weight, '3');
    expect(within(b).getByText('75 % of sends')).toBeInTheDocument();
    await user.click(save());
    expect(onSubmit.mock.calls[0]![0].steps[0].variants).toEqual([
      { subject: '', content: '', weight: 1 },
      { subject: 'Quick question', content: '', weight: 3 },
    ]);
    await user.click(screen.getByLabelText('Pick a winner automatically'));
    expect(screen.getByLabelText('Sends per variant first')).toHaveValue(100);
    await user.click(save());
    expect(onSubmit.mock.calls[1]![0].steps[0].autoWinnerAfter).toBe(100);
    await user.click(screen.getByRole('button', { name: 'Remove variant B' }));
    expect(screen.queryByRole('listitem', { name: 'Variant A' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add A/B variant' })).toBeInTheDocument();
  });

  it('collapses and expands a step from the keyboard', async () => {
    const { user } = renderEditor();
    const header = screen.getByRole('button', { name: /^Step 1/ });
    expect(header).toHaveAttribute('aria-expanded', 'true');
    header.focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Subject')).not.toBeVisible();
  });

  it('shows the winner chosen and when, keeps a follow-up’s conditions, and drops them when it becomes step 1', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const clicked = {
      condition: 'clicked' as const,
      variants: [{ id: c, subject: '', content: 'Saw you had a look', weight: 1 }],
    };
    render(
      <SequenceEditor
        initial={{
          name: 'Conditional',
          steps: [
            {
              subject: 'Hello',
              content: 'Body',
              delayHours: 48,
              variants: [
                { id: a, subject: '', content: '', weight: 1 },
                { id: b, subject: 'Other', content: '', weight: 1 },
              ],
              autoWinnerAfter: 50,
            },
            { subject: 'Again', content: 'More', delayHours: null, branches: [clicked] },
          ],
        }}
        winners={[{ variantId: b, chosenAt: '2026-11-20T09:30:00Z' }]}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Variant B won on Nov 20, 2026, \d\d:\d\d/);
    await user.click(screen.getByRole('button', { name: /^Step 2/ }));
    const branch = screen.getByRole('listitem', { name: 'If Clicked' });
    expect(within(branch).getByLabelText('Clicked · A content')).toHaveValue('Saw you had a look');
    await user.click(save());
    expect(onSubmit.mock.calls[0]![0].steps[1].branches).toEqual([clicked]);
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    await user.click(save());
    expect(onSubmit.mock.calls[1]![0].steps).toEqual([
      {
        subject: 'Again',
        content: 'More',
        delayHours: null,
        variants: [],
        autoWinnerAfter: null,
        branches: [],
      },
    ]);
  });

  it('offers the workspace’s custom fields as placeholders and inserts one', async () => {
    const { user } = renderEditor({ name: '', steps: [blankStep()] }, ['{{custom.site_topic}}']);
    const chips = screen.getByRole('group', { name: 'Insert placeholder' });
    await user.click(within(chips).getByRole('button', { name: '{{custom.site_topic}}' }));
    expect(screen.getByLabelText('Content', { exact: true })).toHaveValue('{{custom.site_topic}}');
  });
});
