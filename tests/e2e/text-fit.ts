// Broken text, found from the page's own boxes: text lines on top of each other, text cut off
// or sticking out of its box, controls sticking out of their container, a page that scrolls
// sideways. The function runs in the page and is self-contained, so every driver can run it
// (Playwright here, WebDriver BiDi and WebKitWebDriver in tests/engines/).

export interface TextProblem {
  kind: 'overlap' | 'clipped' | 'sticks-out' | 'control-sticks-out' | 'page-scrolls-sideways';
  /** The text or control concerned, and what it collides with. */
  what: string;
}

/**
 * In the page: every text problem on the screen as shown. A line is a fragment of a text node
 * (Range.getClientRects, one per line box), so two lines of one wrapped label drawn on top of
 * each other count as much as two labels. An open modal dialog (a <dialog> shown modal, or a
 * sheet marked aria-modal, whose page is inert) is all that is checked while it is open; text under a fixed or sticky box with an
 * opaque background (a toast, a bar) is hidden by it, not overlapped. `column`: the element that
 * sets the page's content column (the catalogue on /home); controls in the page's flow keep
 * within its left and right edges.
 */
export function textProblemsInPage(column?: string): TextProblem[] {
  const problems: TextProblem[] = [];
  const slack = 1;
  const name = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
    const cls = typeof el.className === 'string' && el.className ? `.${el.className}` : '';
    return `<${el.tagName.toLowerCase()}${cls.split(' ')[0]}>${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility !== 'visible') return false;
    // Wholly beside the screen on purpose (a skip link until it has the focus).
    const box = el.getBoundingClientRect();
    if (box.right <= 0 || box.left >= innerWidth) return false;
    for (let at: Element | null = el; at; at = at.parentElement) {
      if (Number(getComputedStyle(at).opacity) === 0) return false;
    }
    return el.getClientRects().length > 0;
  };
  const alpha = (colour: string) => {
    const parts = colour.match(/[\d.]+%?/g) ?? [];
    if (!/^rgba?\(/.test(colour) || parts.length < 3) return 1;
    const a = parts[3];
    return a === undefined ? 1 : a.endsWith('%') ? parseFloat(a) / 100 : parseFloat(a);
  };
  const modal = document.querySelector('dialog[open]:modal, [role="dialog"][aria-modal="true"]');
  const root = modal ?? document.body;
  const pinned = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement) {
      if (/^(fixed|sticky)$/.test(getComputedStyle(at).position)) return true;
    }
    return false;
  };
  const covers = [...root.querySelectorAll('*')].filter(
    (el) => alpha(getComputedStyle(el).backgroundColor) >= 0.9 && pinned(el) && shown(el),
  );
  const intersect = (a: DOMRect, b: DOMRect) => ({
    w: Math.min(a.right, b.right) - Math.max(a.left, b.left),
    h: Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top),
  });
  /**
   * Up and down, a line's glyph box may pass its line box by a fraction of itself: CJK fonts'
   * ascent and descent add up to ~1.45 em, more than a line height of 1.3. A spilled line passes
   * by a whole line.
   */
  const inside = (inner: DOMRect, outer: DOMRect, give = slack) => {
    return (
      inner.left >= outer.left - slack &&
      inner.right <= outer.right + slack &&
      inner.top >= outer.top - give &&
      inner.bottom <= outer.bottom + give
    );
  };
  /** The box text lays out in: the nearest ancestor that is not inline. */
  const blockOf = (el: Element) => {
    let at: Element = el;
    while (at.parentElement && /^(inline|contents)$/.test(getComputedStyle(at).display)) {
      at = at.parentElement;
    }
    return at;
  };

  interface Line {
    rect: DOMRect;
    node: Text;
    el: Element;
  }
  const lines: Line[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode as Text;
    const el = node.parentElement;
    if (!el || !node.data.trim() || !shown(el) || el.closest('script, style, noscript')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 0.5 || rect.height < 0.5) continue;
      // Hidden under a cover that is not its own box: not on the screen, so not overlapping.
      const covered = covers.some((cover) => {
        const overlap = intersect(rect, cover.getBoundingClientRect());
        return !cover.contains(el) && overlap.w > 0 && overlap.h > 0;
      });
      if (!covered) lines.push({ rect, node, el });
    }
  }

  /** The nearest ancestor that scrolls its overflow: text past its edge is a swipe away. */
  const scrollerOf = (el: Element) => {
    for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (/auto|scroll/.test(style.overflowX + style.overflowY)) return at;
    }
    return null;
  };
  for (const line of lines) {
    const scroller = scrollerOf(line.el);
    if (scroller) {
      if (!inside(scroller.getBoundingClientRect(), new DOMRect(0, -1e6, innerWidth, 2e6))) {
        problems.push({ kind: 'clipped', what: `${name(scroller)} by the screen's edge` });
      }
      continue;
    }
    const box = blockOf(line.el);
    const give = Math.max(slack, 0.3 * line.rect.height);
    if (!inside(line.rect, box.getBoundingClientRect(), give)) {
      problems.push({ kind: 'sticks-out', what: `${name(line.el)} out of ${name(box)}` });
    }
    // Cut off by an ancestor that hides its overflow (scroll containers scroll instead).
    for (let at = line.el.parentElement ?? line.el; at && at !== document.body;) {
      const style = getComputedStyle(at);
      const hides = /hidden|clip/.test(style.overflowX + style.overflowY);
      if (hides && !inside(line.rect, at.getBoundingClientRect(), give)) {
        problems.push({ kind: 'clipped', what: `${name(line.el)} by ${name(at)}` });
        break;
      }
      // A modal dialog is drawn in the top layer: nothing it sits in clips it.
      if (at.matches(':modal')) break;
      at = at.parentElement!;
    }
    if (line.rect.left < -slack || line.rect.right > innerWidth + slack) {
      problems.push({ kind: 'clipped', what: `${name(line.el)} by the screen's edge` });
    }
  }
  for (const el of root.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + slack) {
      problems.push({ kind: 'clipped', what: `${name(el)} ends in an ellipsis` });
    }
  }
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const [a, b] = [lines[i]!, lines[j]!];
      const overlap = intersect(a.rect, b.rect);
      const least = Math.min(a.rect.height, b.rect.height);
      if (overlap.w > 2 && overlap.h > 0.25 * least) {
        const which = a.node === b.node ? 'two lines of' : `${name(b.el)} over`;
        problems.push({ kind: 'overlap', what: `${which} ${name(a.el)}` });
      }
    }
  }
  const controls = root.querySelectorAll('button, a[href], input, select, textarea, [role=button]');
  for (const control of controls) {
    if (!shown(control) || (control as HTMLElement).closest('[hidden]')) continue;
    const style = getComputedStyle(control);
    const container =
      style.position === 'absolute' || style.position === 'fixed'
        ? (control as HTMLElement).offsetParent
        : control.parentElement && blockOf(control.parentElement);
    if (!container || container === document.documentElement) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width > 0 && !inside(rect, container.getBoundingClientRect())) {
      problems.push({
        kind: 'control-sticks-out',
        what: `${name(control)} out of ${name(container)}`,
      });
    }
  }
  const edges = column ? document.querySelector(column)?.getBoundingClientRect() : undefined;
  const main = document.querySelector('main');
  if (edges && main && !modal) {
    for (const control of main.querySelectorAll('button, a[href], input, select, [role=button]')) {
      if (!shown(control) || pinned(control) || (control as HTMLElement).closest('[hidden]')) {
        continue;
      }
      const rect = control.getBoundingClientRect();
      if (rect.left < edges.left - slack || rect.right > edges.right + slack) {
        problems.push({ kind: 'control-sticks-out', what: `${name(control)} past ${column}` });
      }
    }
  }
  if (document.documentElement.scrollWidth > innerWidth + slack) {
    const width = document.documentElement.scrollWidth;
    problems.push({ kind: 'page-scrolls-sideways', what: `${width} px wide in ${innerWidth}` });
  }
  return problems;
}
