// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('shows the range and total, and pages forward and back', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={25} total={60} onPageChange={onPageChange} noun="contacts" />);
    expect(screen.getByText('26–50 of 60 contacts')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('says "1,000+" for a capped total and keeps Next while pages are full', () => {
    const { rerender } = render(
      <Pagination
        page={40}
        pageSize={25}
        total={1000}
        totalIsCapped
        pageRows={25}
        onPageChange={() => {}}
        noun="contacts"
      />,
    );
    expect(screen.getByText('976–1,000 of 1,000+ contacts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    rerender(
      <Pagination
        page={41}
        pageSize={25}
        total={1000}
        totalIsCapped
        pageRows={7}
        onPageChange={() => {}}
        noun="contacts"
      />,
    );
    expect(screen.getByText('1,001–1,007 of 1,000+ contacts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('is hidden when everything fits on one page', () => {
    const { container } = render(
      <Pagination page={1} pageSize={25} total={3} onPageChange={() => {}} noun="links" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
