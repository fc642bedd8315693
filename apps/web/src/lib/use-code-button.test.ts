import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCodeButton } from './use-code-button';

describe('send-code button (spec §4, §9)', () => {
  it('counts down 60 s × expiredMinutes, then is ready again', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => 60 * 3);
    const { result } = renderHook(() => useCodeButton(send));
    expect(result.current.state).toEqual({ kind: 'ready' });
    await act(() => result.current.request());
    expect(result.current.state).toEqual({ kind: 'countdown', seconds: 180 });
    act(() => vi.advanceTimersByTime(179_000));
    expect(result.current.state).toEqual({ kind: 'countdown', seconds: 1 });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.state).toEqual({ kind: 'ready' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('ignores a second request within 1 s (throttle), then allows it', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async (): Promise<number> => {
      throw new Error('phone_auth.too_many_requests');
    });
    const { result } = renderHook(() => useCodeButton(send));
    await act(() => result.current.request().catch(() => undefined));
    expect(result.current.state).toEqual({ kind: 'ready' });
    await act(() => result.current.request().catch(() => undefined));
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1_000));
    await act(() => result.current.request().catch(() => undefined));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
