import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK_TYPES, feedbackMine, feedbackSetting, feedbackSubmit } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fail, loggedInHandlers, ok, siteHandlers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const setting = { minLength: 10, maxLength: 50, perMinute: 3, types: [...FEEDBACK_TYPES] };
const bodies = (calls: { url: URL; init: RequestInit | undefined }[]) =>
  calls
    .filter((c) => c.url.pathname === feedbackSubmit.path)
    .map((c) => JSON.parse(String(c.init?.body)) as unknown);

describe('the feedback page (issue 9, spec §5)', { timeout: 20_000 }, () => {
  it('checks the type and the merchant’s length bounds before sending, then sends and thanks', async () => {
    const { calls } = renderApp('/feedback', {
      ...siteHandlers(),
      [feedbackSetting.path]: () => ok(feedbackSetting, setting),
      [feedbackSubmit.path]: () => ok(feedbackSubmit, { id: 7 }),
    });
    const form = await screen.findByRole('form', { name: 'Feedback' });
    const message = within(form).getByLabelText('Your message');
    expect(message).toHaveAccessibleDescription(/Length between 10 and 50 characters/);
    const send = within(form).getByRole('button', { name: 'Send feedback' });

    await userEvent.click(send);
    expect(within(form).getByLabelText('Question type')).toHaveAccessibleDescription(
      'Choose a question type',
    );
    expect(message).toHaveAccessibleDescription(/Please write your message/);
    await userEvent.selectOptions(within(form).getByLabelText('Question type'), 'deposit');
    await userEvent.type(message, 'x'.repeat(51));
    expect(within(form).getByText('51 / 50')).toBeInTheDocument();
    await userEvent.click(send);
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toContain('Length between 10 and 50 characters'),
    );
    expect(bodies(calls)).toEqual([]);

    await userEvent.clear(message);
    await userEvent.type(message, '  My deposit did not arrive.  ');
    await userEvent.click(send);
    expect(await within(form).findByRole('status')).toHaveTextContent('Thank you! Your feedback was sent.');
    expect(bodies(calls)).toEqual([{ questionType: 'deposit', content: 'My deposit did not arrive.' }]);
    // A guest is told to sign in to read the reply; no My feedback list.
    expect(screen.queryByRole('region', { name: 'My feedback' })).toBeNull();
  });

  it('shows the server’s refusal (too many a minute) and keeps what was typed', async () => {
    renderApp('/feedback', {
      ...siteHandlers(),
      [feedbackSetting.path]: () => ok(feedbackSetting, setting),
      [feedbackSubmit.path]: () => fail('RATE_LIMITED', 'content.errors.too_many'),
    });
    const form = await screen.findByRole('form', { name: 'Feedback' });
    await userEvent.selectOptions(within(form).getByLabelText('Question type'), 'game');
    await userEvent.type(within(form).getByLabelText('Your message'), 'The game froze twice.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many messages in a minute');
    expect(within(form).getByLabelText('Your message')).toHaveValue('The game froze twice.');
  });

  it('lists a member’s feedback with the operator’s reply', async () => {
    try {
      renderApp('/feedback', {
        ...loggedInHandlers(),
        [feedbackSetting.path]: () => ok(feedbackSetting, setting),
        [feedbackMine.path]: () =>
          ok(feedbackMine, {
            items: [
              {
                id: 3,
                questionType: 'withdraw',
                content: 'Where is my withdrawal?',
                contact: null,
                status: 'answered',
                reply: 'It was paid this morning.',
                createdAt: '2026-11-20T10:00:00.000Z',
                repliedAt: '2026-11-20T11:00:00.000Z',
              },
            ],
            page: 1,
            pageSize: 5,
            total: 1,
          }),
      });
      const mine = await screen.findByRole('region', { name: 'My feedback' });
      expect(await within(mine).findByText('Where is my withdrawal?')).toBeInTheDocument();
      expect(within(mine).getByText('Answered')).toBeInTheDocument();
      expect(within(mine).getByText('It was paid this morning.')).toBeInTheDocument();
      expect(within(mine).getByText('Withdrawal')).toBeInTheDocument();
    } finally {
      sessionStorage.clear();
    }
  });
});
