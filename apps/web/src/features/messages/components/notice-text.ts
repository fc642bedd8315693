import type { TFunction } from 'i18next';
import { CONTRACT_KINDS, formatMinor, type MessageKind } from '@app/contracts';

const CONTRACT_KIND_SET: Record<string, true> = Object.fromEntries(CONTRACT_KINDS.map((k) => [k, true]));

/** What a message shows: its title and body, already in the reader's language. */
export interface MessageText {
  title: string;
  body: string;
}

/**
 * Spec §4 notices are rendered here from their kind and params, in the reader's language (the
 * server stores no text for them); `amount` arrives in minor units and is formatted. A mail shows
 * the sender's own title and body as plain text.
 */
export function messageText(
  t: TFunction,
  m: {
    kind: MessageKind;
    title?: string | null;
    body?: string | null;
    params: Record<string, string | number>;
  },
): MessageText {
  if (m.kind === 'mail') {
    return {
      title: m.title ?? t('records.notices.mail.title'),
      body: m.body ?? t('records.notices.mail.body'),
    };
  }
  const raw = m.params.amount;
  const minor =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : null;
  const amount = minor === null ? null : formatMinor(minor);
  // Issue 8 notices also name the sender (`from`) and the contract kind (`kindLabel`).
  const kind = m.params.kind;
  const values = {
    ...m.params,
    kindLabel: t(
      `records.notices.contract_kinds.${typeof kind === 'string' && Object.hasOwn(CONTRACT_KIND_SET, kind) ? kind : 'other'}`,
    ),
  };
  return {
    title: t(`records.notices.${m.kind}.title`),
    body:
      amount === null
        ? t(`records.notices.${m.kind}.body_plain`, values)
        : t(`records.notices.${m.kind}.body`, { ...values, amount }),
  };
}
