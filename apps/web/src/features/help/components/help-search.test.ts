import { describe, expect, it } from 'vitest';
import { highlight, queryWords, searchArticles } from './help-search';

const articles = [
  { id: 1, title: 'How do I make a deposit?', text: 'Sign in, open Deposit and keep the payment receipt.' },
  { id: 2, title: 'I forgot my password', text: 'Reset it with your e-mail or an SMS code.' },
  { id: 3, title: 'ငွေသွင်းခြင်း', text: 'ငွေလွှဲ ပြေစာကို သိမ်းထားပါ။' },
  { id: 4, title: 'Deposit limits', text: 'The smallest amount is shown on the page.' },
];

describe('help-centre search (issue 9)', () => {
  it('needs every word, in the title or the body, case-insensitively; title matches first', () => {
    expect(searchArticles(articles, 'RECEIPT').map((h) => h.id)).toEqual([1]);
    expect(searchArticles(articles, 'deposit').map((h) => h.id)).toEqual([1, 4]);
    expect(searchArticles(articles, 'forgot sms').map((h) => h.id)).toEqual([2]);
    expect(searchArticles(articles, 'forgot deposit')).toEqual([]);
    expect(searchArticles(articles, 'amount').map((h) => h.id)).toEqual([4]);
  });

  it('searches Burmese text', () => {
    expect(searchArticles(articles, 'ပြေစာ').map((h) => h.id)).toEqual([3]);
  });

  it('ignores an empty query and repeated spaces', () => {
    expect(queryWords('   ')).toEqual([]);
    expect(searchArticles(articles, '  ')).toEqual([]);
    expect(queryWords(' Pay  pay ')).toEqual(['pay']);
  });

  it('cuts a snippet around the first match', () => {
    const long = { id: 9, title: 'Long', text: `${'x '.repeat(100)}needle ${'y '.repeat(100)}` };
    const [hit] = searchArticles([long], 'needle');
    expect(hit?.snippet.startsWith('…')).toBe(true);
    expect(hit?.snippet.endsWith('…')).toBe(true);
    expect(hit?.snippet).toContain('needle');
  });

  it('marks every occurrence of every word', () => {
    expect(highlight('Deposit and deposit', ['deposit'])).toEqual([
      { text: 'Deposit', match: true },
      { text: ' and ', match: false },
      { text: 'deposit', match: true },
    ]);
    expect(highlight('abc', [])).toEqual([{ text: 'abc', match: false }]);
  });
});
