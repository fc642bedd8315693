import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Announcement HTML as the page shows it (issue 9; DESIGN §5 "DOMPurify for every piece of server
 * HTML"). The server has sanitised it at publishing already (an allow-list); this is the second
 * lock, with the same vocabulary: no scripts, handlers, styles, frames, forms or SVG, links only
 * to http(s), mailto, tel or this site, images only from this site (the CSP allows no other).
 */
const CONFIG: Config = {
  ALLOWED_TAGS: (
    'p br hr b strong i em u s small sub sup mark span div h3 h4 h5 h6 ul ol li blockquote pre code a img ' +
    'table caption thead tbody tfoot tr th td'
  ).split(' '),
  ALLOWED_ATTR: 'href src alt width height start colspan rowspan scope lang dir title'.split(' '),
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?![/\\])|#|[^:/?#\\]+(?:[/?#]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: Purifier | null = null;
function instance(): Purifier {
  if (purifier) return purifier;
  // An instance of its own: its hook does not touch the help centre's DOMPurify.
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      // Links to other sites open apart and cannot reach back into the page.
      if (/^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    } else if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!/^\/(?![/\\])/.test(src)) node.remove();
    }
  });
  purifier = p;
  return p;
}

/** Sanitised HTML, ready for dangerouslySetInnerHTML. */
export function safeHtml(html: string): string {
  return instance().sanitize(html, CONFIG) as string;
}
