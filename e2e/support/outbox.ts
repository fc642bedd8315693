import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  createdAt: string;
  code: string | null;
}

/**
 * The newest code sent to `recipient` after `since` (ISO), read from the development outbox
 * (/dev/outbox.json) exactly as a person would read it at /dev/outbox. Polls briefly.
 */
export async function latestCode(
  request: APIRequestContext,
  recipient: string,
  since: string,
): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(recipient)}`);
        const { messages } = (await res.json()) as { messages: OutboxMessage[] };
        code = messages.find((m) => m.createdAt >= since && m.code)?.code ?? null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
}
