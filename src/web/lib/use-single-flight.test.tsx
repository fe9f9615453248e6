// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSingleFlight } from './use-single-flight';

describe('useSingleFlight', () => {
  it('ignores calls while the first is running, preventing their default, and runs again after it ends', async () => {
    let finish: () => void = () => {};
    const action = vi.fn((_event?: unknown) => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useSingleFlight(action));
    const second = { preventDefault: vi.fn() };

    let first!: Promise<void>;
    act(() => {
      first = result.current({ preventDefault: vi.fn() });
    });
    await act(() => result.current(second));
    expect(action).toHaveBeenCalledTimes(1);
    expect(second.preventDefault).toHaveBeenCalled();

    finish();
    await act(() => first);
    act(() => {
      void result.current(undefined);
    });
    expect(action).toHaveBeenCalledTimes(2);
    finish();
  });

  it('is free again after the action fails', async () => {
    const action = vi.fn(() => Promise.reject(new Error('refused')));
    const { result } = renderHook(() => useSingleFlight(action));
    await expect(result.current()).rejects.toThrow('refused');
    await expect(result.current()).rejects.toThrow('refused');
    expect(action).toHaveBeenCalledTimes(2);
  });
});
