import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogues } from '@/lib/i18n';
import { clockSkew, Countdown, formatRemaining, phaseOf } from './countdown';

describe('countdown', () => {
  beforeAll(() => loadCatalogues('lottery'));

  it('formats the time left as m:ss or h:mm:ss, never negative', () => {
    expect(formatRemaining(65_000)).toBe('1:05');
    expect(formatRemaining(9_200)).toBe('0:10');
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
    expect(formatRemaining(-5_000)).toBe('0:00');
  });

  it('corrects this device’s clock by the server time of the answer', () => {
    expect(clockSkew('2026-11-24T04:00:10.000Z', Date.parse('2026-11-24T04:00:00.000Z'))).toBe(10_000);
    expect(clockSkew(null, 0)).toBe(0);
    expect(
      phaseOf('2026-11-24T04:00:50.000Z', '2026-11-24T04:01:00.000Z', Date.parse('2026-11-24T04:00:49.000Z')),
    ).toBe('open');
    expect(
      phaseOf('2026-11-24T04:00:50.000Z', '2026-11-24T04:01:00.000Z', Date.parse('2026-11-24T04:00:50.000Z')),
    ).toBe('drawing');
    expect(phaseOf(null, null, 0)).toBe('none');
  });

  it('counts down in server time, then says "drawing…"', () => {
    vi.useFakeTimers();
    // This device is 20 s behind the server.
    const deviceNow = Date.parse('2026-11-24T03:59:40.000Z');
    vi.setSystemTime(deviceNow);
    render(
      <Countdown
        closeAt="2026-11-24T04:00:50.000Z"
        drawAt="2026-11-24T04:01:00.000Z"
        serverTime="2026-11-24T04:00:00.000Z"
        receivedAt={deviceNow}
      />,
    );
    expect(screen.getByText('0:50')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(45_000));
    expect(screen.getByText('0:05')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('status')).toHaveTextContent('Drawing…');
  });
});
