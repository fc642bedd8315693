import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerService } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { CustomerServiceEntry, pickCustomerService } from './customer-service-entry';

const entries: CustomerService[] = [
  { title: 'Live chat 24/7', kind: 'livechat', url: 'https://chat.example.test/standard' },
  { title: 'VIP desk', kind: 'livechat', url: 'https://chat.example.test/vip' },
];

describe('customer service entry', () => {
  it('picks the first entry, and the second for the VIP variant', () => {
    expect(pickCustomerService(entries, false)?.title).toBe('Live chat 24/7');
    expect(pickCustomerService(entries, true)?.title).toBe('VIP desk');
    expect(pickCustomerService(entries.slice(0, 1), true)?.title).toBe('Live chat 24/7');
  });

  it('opens the VIP live chat in a new window', async () => {
    const win = { opener: {} } as unknown as Window;
    const open = vi.fn(() => win);
    vi.stubGlobal('open', open);
    render(<CustomerServiceEntry entries={entries} vip />);
    await userEvent.click(screen.getByRole('button', { name: /VIP customer service/ }));
    expect(open).toHaveBeenCalledWith('https://chat.example.test/vip', '_blank');
    expect(win.opener).toBeNull();
    expect(useUiStore.getState().modal).toBeNull();
  });

  it('says the window was closed when the browser refuses it (spec §8)', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    render(<CustomerServiceEntry entries={entries} vip={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Customer service/ }));
    expect(useUiStore.getState().modal).toMatchObject({ kind: 'dialog', messageKey: 'errors.window_closed' });
  });

  it('renders a telegram entry as a plain link', () => {
    render(
      <CustomerServiceEntry
        entries={[{ title: 'Telegram', kind: 'telegram', url: 'https://t.me/demo' }]}
        vip={false}
      />,
    );
    expect(screen.getByRole('link', { name: /Customer service/ })).toHaveAttribute(
      'href',
      'https://t.me/demo',
    );
  });
});
