/**
 * A text that follows the page's language: `h` and `show` render it as a text node (or an
 * attribute) that `relabel` words again when the language changes, so a switch keeps whatever
 * the page is in the middle of (a game's state, its focus) and changes only its words.
 */
export class Live {
  constructor(readonly text: () => string) {}
}

type Child = Node | string | Live | null | undefined | false;
type Attributes = Record<string, string | number | boolean | Live | undefined | EventListener>;

/** The texts shown that follow the language; a node gone from memory leaves the list. */
const watched = new Set<{ ref: WeakRef<Text | Element>; attribute?: string; live: Live }>();

function watch(node: Text | Element, live: Live, attribute?: string) {
  // now and then, forget the nodes the page dropped
  if (watched.size > 2000) for (const w of watched) if (!w.ref.deref()) watched.delete(w);
  watched.add({ ref: new WeakRef(node), live, ...(attribute ? { attribute } : {}) });
}

/** Words every shown live text again (after a language switch). */
export function relabel() {
  for (const w of watched) {
    const node = w.ref.deref();
    if (!node) watched.delete(w);
    else if (w.attribute && node instanceof Element) node.setAttribute(w.attribute, w.live.text());
    else if (node instanceof Text) node.data = w.live.text();
  }
}

function toNode(child: Node | string | Live): Node | string {
  if (!(child instanceof Live)) return child;
  const node = document.createTextNode(child.text());
  watch(node, child);
  return node;
}

/** A small element builder: attributes, `on*` listeners and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (value instanceof Live) {
      element.setAttribute(name, value.text());
      watch(element, value, name);
    } else if (typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(toNode(child));
  }
  return element;
}

/** Replaces what `root` shows. */
export function show(root: HTMLElement, ...children: Child[]) {
  root.replaceChildren(
    ...children.filter((c): c is Node | string | Live => !!c).map((c) => toNode(c)),
  );
}

/** Moves the keyboard focus to the first element matching `selector` in `root`. */
export function focusFirst(root: HTMLElement, selector = 'button, [tabindex="0"]') {
  root.querySelector<HTMLElement>(selector)?.focus();
}
