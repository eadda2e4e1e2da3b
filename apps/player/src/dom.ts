type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | EventListener>;

/** A small element builder: attributes, `on*` listeners and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Replaces what `root` shows. */
export function show(root: HTMLElement, ...children: Child[]) {
  root.replaceChildren(...children.filter((c): c is Node | string => !!c));
}

/** Moves the keyboard focus to the first element matching `selector` in `root`. */
export function focusFirst(root: HTMLElement, selector = 'button, [tabindex="0"]') {
  root.querySelector<HTMLElement>(selector)?.focus();
}
