/** Help-centre search (issue 9): every word of the query must appear in the title or the body. */

export interface Searchable {
  id: number;
  title: string;
  /** The body as plain text. */
  text: string;
}

export interface SearchHit {
  id: number;
  title: string;
  /** A piece of the body around the first match (the start of the body when only the title matches). */
  snippet: string;
}

const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase();

/** The query's words, folded; empty when there is nothing to search for. */
export function queryWords(query: string): string[] {
  return [...new Set(fold(query).split(/\s+/).filter(Boolean))];
}

const SNIPPET = 140;

export function searchArticles(articles: readonly Searchable[], query: string): SearchHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const hits: { hit: SearchHit; score: number }[] = [];
  for (const a of articles) {
    const title = fold(a.title);
    const text = fold(a.text);
    if (!words.every((w) => title.includes(w) || text.includes(w))) continue;
    const inTitle = words.filter((w) => title.includes(w)).length;
    const first = Math.min(...words.map((w) => text.indexOf(w)).filter((i) => i >= 0));
    const start = Number.isFinite(first) ? Math.max(0, first - 40) : 0;
    const snippet = `${start > 0 ? '…' : ''}${a.text.slice(start, start + SNIPPET).trim()}${start + SNIPPET < a.text.length ? '…' : ''}`;
    hits.push({ hit: { id: a.id, title: a.title, snippet }, score: inTitle });
  }
  // Title matches first; otherwise the help centre's own order.
  return hits.sort((x, y) => y.score - x.score).map((h) => h.hit);
}

export interface Segment {
  text: string;
  match: boolean;
}

/** Splits `text` into matching and other pieces, for <mark>. */
export function highlight(text: string, words: readonly string[]): Segment[] {
  if (words.length === 0 || !text) return [{ text, match: false }];
  const folded = fold(text);
  // Folding keeps lengths for the scripts we serve (NFC, lower-case); fall back to no marks if not.
  if (folded.length !== text.length) return [{ text, match: false }];
  const marks = new Array<boolean>(text.length).fill(false);
  for (const w of words) {
    for (let i = folded.indexOf(w); i >= 0; i = folded.indexOf(w, i + w.length))
      marks.fill(true, i, i + w.length);
  }
  const out: Segment[] = [];
  for (let i = 0; i < text.length;) {
    let j = i;
    while (j < text.length && marks[j] === marks[i]) j++;
    out.push({ text: text.slice(i, j), match: marks[i] ?? false });
    i = j;
  }
  return out;
}
