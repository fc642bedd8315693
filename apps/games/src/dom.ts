type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined>;

/** A tiny element builder: attributes as given (false/null/undefined left out), text children as text nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/** An SVG element from our own markup (never from the server's text). */
export function svg(inner: string, viewBox = '0 0 100 100', cls?: string): SVGSVGElement {
  const holder = document.createElement('div');
  holder.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" aria-hidden="true" focusable="false"${cls ? ` class="${cls}"` : ''}>${inner}</svg>`;
  return holder.firstElementChild as SVGSVGElement;
}
