type Child = Node | string | null | undefined | false;

/**
 * A DOM element with attributes (set as attributes, so `data-testid`, `aria-*` and `for` work alike) and
 * children; the login page builds its markup with this instead of a UI library.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Sets or removes an attribute: `null`/`false` remove it, `true` sets "true". */
export function attr(element: Element, name: string, value: string | boolean | null): void {
  if (value === null || value === false) element.removeAttribute(name);
  else element.setAttribute(name, value === true ? 'true' : value);
}

const SVG = 'http://www.w3.org/2000/svg';

/** A 20 px stroke icon from path data (Tabler's outline style), hidden from assistive technology. */
export function icon(paths: readonly string[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '20',
    height: '20',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(name, value);
  for (const d of paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}
