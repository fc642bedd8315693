import { blogSlugSchema, COMPLETE_LANGUAGES } from '@app/contracts';
import { safeParse } from 'zod/mini';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { saveBlogPost } from './content.repository.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

export const COVER_MOTIFS = ['waves', 'dice', 'cards', 'chart', 'shield'] as const;

/** A post as an operator (ops command) or the seed writes it: raw HTML bodies, one text per language. */
export interface BlogPostDraft {
  slug: string;
  coverHue?: number;
  coverMotif?: string;
  texts: Partial<Record<string, { title?: unknown; summary?: unknown; body?: unknown }>>;
}

const bad = (text: string) => new AppError('BAD_REQUEST', text);

/**
 * Checks a draft and saves it with every body sanitised (lib/sanitize-html.ts): EN is required (the
 * fallback of every language), the others optional; a summary left empty is the body's first
 * 200 characters of text. Returns the post id. Publishing is separate (published_at).
 */
export async function saveBlogDraft(q: Queryable, merchantId: number, draft: BlogPostDraft): Promise<number> {
  if (!safeParse(blogSlugSchema, draft.slug).success)
    throw bad(`bad slug "${draft.slug}": lower-case letters, digits and dashes, up to 80`);
  const hue = draft.coverHue ?? [...draft.slug].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  if (!Number.isInteger(hue) || hue < 0 || hue > 359) throw bad('coverHue is a whole number 0-359');
  const motif = draft.coverMotif ?? 'waves';
  if (!(COVER_MOTIFS as readonly string[]).includes(motif))
    throw bad(`coverMotif is one of ${COVER_MOTIFS.join(', ')}`);
  const texts = [];
  for (const [language, t] of Object.entries(draft.texts)) {
    if (!(COMPLETE_LANGUAGES as readonly string[]).includes(language))
      throw bad(`unknown language "${language}" (one of ${COMPLETE_LANGUAGES.join(', ')})`);
    if (!t) continue;
    const title = typeof t.title === 'string' ? t.title.trim() : '';
    if (!title || title.length > 200) throw bad(`${language}: a title of 1-200 characters is needed`);
    const clean = sanitizeHtml(typeof t.body === 'string' ? t.body : '');
    const body = clean.html;
    if (!clean.text) throw bad(`${language}: the body is empty`);
    if (body.length > 100_000) throw bad(`${language}: the body is longer than 100,000 characters`);
    let summary = typeof t.summary === 'string' ? t.summary.trim() : '';
    if (!summary) summary = clean.text.slice(0, 200);
    if (summary.length > 500) throw bad(`${language}: the summary is longer than 500 characters`);
    texts.push({ language, title, summary, body });
  }
  if (!texts.some((t) => t.language === 'EN'))
    throw bad('an EN text is needed (the fallback of every language)');
  return saveBlogPost(q, merchantId, { slug: draft.slug, coverHue: hue, coverMotif: motif, texts });
}
