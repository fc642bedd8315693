import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { safeHtml } from '@/lib/safe-html';
import { useHelpCenter } from '../api/get-help-center';
import { highlight, queryWords, searchArticles, type Searchable } from './help-search';
import styles from './help-centre.module.css';

/** The plain text of (sanitised) article HTML, for search. */
function textOf(html: string): string {
  // A block's end is a word break in the text (textContent alone would join "page.Keep").
  const spaced = html.replace(/<\/(?:p|li|h[1-6]|div|ol|ul|blockquote|td|th)>|<br\s*\/?>/gi, '$& ');
  if (typeof DOMParser === 'undefined') return spaced.replace(/<[^>]*>/g, ' ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function Marked({ text, words }: { text: string; words: string[] }) {
  return <>{highlight(text, words).map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}

/**
 * Help centre: categories and articles from GET /wps/system/helpCenter; article HTML is sanitised.
 * A search box above finds articles as you type, in the titles and bodies of the reader's language.
 */
export function HelpCentre({ basePath, search = true }: { basePath: string; search?: boolean }) {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const [params] = useSearchParams();
  const requested = Number(params.get('article'));
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);

  const articles = useMemo(() => (help.data ?? []).flatMap((c) => c.articles), [help.data]);
  // Server HTML is never trusted: it is searched and shown only as lib/safe-html leaves it.
  const searchable = useMemo<Searchable[]>(
    () => articles.map((a) => ({ id: a.id, title: a.title, text: textOf(safeHtml(a.content)) })),
    [articles],
  );
  const words = useMemo(() => queryWords(deferred), [deferred]);
  const hits = useMemo(() => searchArticles(searchable, deferred), [searchable, deferred]);
  const current = articles.find((a) => a.id === requested) ?? articles[0];

  if (help.isPending) return <LoadingState label={t('common.loading')} />;
  if (help.isError)
    return <ErrorState messageKey={errorKey(help.error)} onRetry={() => void help.refetch()} />;
  if (!current) return <EmptyState title={t('help.empty')} />;

  const searching = words.length > 0;
  return (
    <div className={styles.wrap}>
      {search ? (
        <div role="search" className={styles.search}>
          <label htmlFor="help-search" className={styles.searchLabel}>
            {t('content.help.search_label')}
          </label>
          <div className={styles.searchRow}>
            <input
              id="help-search"
              type="search"
              className={styles.searchInput}
              placeholder={t('content.help.search_placeholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
              maxLength={100}
            />
            {query ? (
              <button type="button" className={styles.clear} onClick={() => setQuery('')}>
                {t('content.help.clear')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {searching ? (
        <section className={styles.results} aria-labelledby="help-results">
          <h2 id="help-results" className={styles.resultsTitle} aria-live="polite">
            {t('content.help.results', { query: deferred.trim(), count: hits.length })}
          </h2>
          {hits.length === 0 ? (
            <EmptyState title={t('content.help.no_results', { query: deferred.trim() })}>
              <Link to={paths.feedback}>{t('content.help.feedback_link')}</Link>
            </EmptyState>
          ) : (
            <ul className={styles.hits}>
              {hits.map((h) => (
                <li key={h.id}>
                  <Link
                    to={`${basePath}?article=${h.id}`}
                    className={styles.hit}
                    onClick={() => setQuery('')}
                  >
                    <span className={styles.hitTitle}>
                      <Marked text={h.title} words={words} />
                    </span>
                    <span className={styles.snippet}>
                      <Marked text={h.snippet} words={words} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <div className={styles.layout}>
          <nav aria-label={t('help.categories')} className={styles.menu}>
            {help.data.map((category) => (
              <section key={category.id} className={styles.category}>
                <h2 className={styles.categoryTitle}>{category.title}</h2>
                <ul className={styles.list}>
                  {category.articles.map((a) => (
                    <li key={a.id}>
                      <Link
                        to={`${basePath}?article=${a.id}`}
                        className={styles.link}
                        aria-current={a.id === current.id ? 'page' : undefined}
                      >
                        {a.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <article className={styles.article} aria-labelledby="help-article-title">
            <h2 id="help-article-title">{current.title}</h2>
            <SafeHtml html={current.content} images className={styles.content} />
          </article>
        </div>
      )}
      {search ? (
        <p className={styles.feedback}>
          <Link to={paths.feedback}>{t('content.help.feedback_link')}</Link>
        </p>
      ) : null}
    </div>
  );
}
