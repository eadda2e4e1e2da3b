/**
 * Drag by pointer (mouse, pen or finger). Once the pointer has moved a few pixels a copy of
 * `source` follows it and the element under it that matches `targets` is marked; released over
 * one, `onDrop(target)` runs and the click that ends the gesture is swallowed. A press without
 * a move stays a plain click, so the buttons keep working by keyboard and by tap.
 */
export function dragOnto(
  source: HTMLElement,
  targets: string,
  onDrop: (target: HTMLElement) => void,
) {
  source.style.touchAction = 'none';
  source.addEventListener('pointerdown', (down) => {
    if (down.button !== 0 || source.matches(':disabled')) return;
    const box = source.getBoundingClientRect();
    let ghost: HTMLElement | undefined;
    let over: HTMLElement | null = null;

    const mark = (target: HTMLElement | null) => {
      if (target === over) return;
      over?.classList.remove('drop-over');
      target?.classList.add('drop-over');
      over = target;
    };
    const move = (event: PointerEvent) => {
      if (!ghost) {
        if (Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < 6) return;
        ghost = source.cloneNode(true) as HTMLElement;
        ghost.removeAttribute('id');
        ghost.setAttribute('aria-hidden', 'true');
        ghost.className += ' drag-ghost';
        ghost.style.width = `${box.width}px`;
        document.body.append(ghost);
        source.classList.add('drag-source');
      }
      ghost.style.transform = `translate(${event.clientX - box.width / 2}px, ${event.clientY - box.height / 2}px)`;
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const target = under?.closest<HTMLElement>(targets) ?? null;
      mark(target && target !== source && !target.matches(':disabled') ? target : null);
    };
    const end = (event: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      if (!ghost) return;
      ghost.remove();
      source.classList.remove('drag-source');
      const target = over;
      mark(null);
      // the click the browser sends after this release belongs to the drag, not to a button
      const swallow = (click: Event) => {
        click.stopPropagation();
        click.preventDefault();
      };
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
      if (event.type === 'pointerup' && target) onDrop(target);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  });
}
