import type { TFunction } from 'i18next';
import { CONTRACT_KINDS, formatMinor, type Message } from '@app/contracts';

/** What an agent notice shows, in the reader's language. */
export interface NoticeText {
  title: string;
  body: string;
  /** The sender's own words (a red envelope's message), shown as a quote; plain text. */
  quote: string | null;
}

const isContractKind = (k: unknown): k is (typeof CONTRACT_KINDS)[number] =>
  typeof k === 'string' && (CONTRACT_KINDS as readonly string[]).includes(k);

/**
 * Issue 8 notices are written here from their kind and params (the server stores no text): the
 * params are interpolated as sent, `amount` (minor units) is formatted, the contract `kind` is
 * named in the reader's language (`kindLabel`). Without an amount the `body_plain` text is used.
 */
export function noticeText(t: TFunction, m: Pick<Message, 'kind' | 'params'>): NoticeText {
  const raw = m.params.amount;
  const minor =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : null;
  const kind = m.params.kind;
  const values = {
    ...m.params,
    ...(minor === null ? {} : { amount: formatMinor(minor) }),
    kindLabel: t(`records.notices.contract_kinds.${isContractKind(kind) ? kind : 'other'}`),
  };
  const message = m.params.message;
  return {
    title: t(`records.notices.${m.kind}.title`, values),
    body: t(`records.notices.${m.kind}.${minor === null ? 'body_plain' : 'body'}`, values),
    quote: typeof message === 'string' && message.trim() !== '' ? message : null,
  };
}
