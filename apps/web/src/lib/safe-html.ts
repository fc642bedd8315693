import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Server HTML as a page shows it (announcements, activities, blog posts, help articles; DESIGN §5
 * "DOMPurify for every piece of server HTML"). The server has sanitised it when it was saved
 * already (an allow-list); this is the second lock, one vocabulary for every caller: no scripts,
 * handlers, styles, frames, forms or SVG; links only to http(s), mailto, tel or this site (links to
 * other sites open apart, rel="noopener noreferrer nofollow"); images only where the caller asks
 * for them, and then only from this site (the CSP allows no other).
 *
 * DOMPurify is imported statically here: import this module (or `components/ui/safe-html`) only
 * from lazy chunks, never from the home page's first load.
 */
const CONFIG: Config = {
  ALLOWED_TAGS: (
    'p br hr b strong i em u s small sub sup mark span div h2 h3 h4 h5 h6 ul ol li blockquote pre code a img ' +
    'figure figcaption table caption thead tbody tfoot tr th td'
  ).split(' '),
  ALLOWED_ATTR: 'href src alt width height start colspan rowspan scope lang dir title'.split(' '),
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?![/\\])|#|[^:/?#\\]+(?:[/?#]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

export interface SafeHtmlOptions {
  /** Keep images (from this site only); without it every image goes. */
  images?: boolean;
}

let purifier: Purifier | null = null;
/** Whether the sanitise running now keeps images (the hook reads it; sanitising is synchronous). */
let keepImages = false;

function instance(): Purifier {
  if (purifier) return purifier;
  // An instance of its own: its hook touches no other DOMPurify user.
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
      if (!keepImages || !/^\/(?![/\\])/.test(src)) node.remove();
    }
  });
  purifier = p;
  return p;
}

/** Sanitised HTML, ready for dangerouslySetInnerHTML. */
export function safeHtml(html: string, { images = false }: SafeHtmlOptions = {}): string {
  keepImages = images;
  try {
    return instance().sanitize(html, CONFIG) as string;
  } finally {
    keepImages = false;
  }
}
