import type { Locator, Page } from '@playwright/test';

/** WCAG 2.2 target size (minimum): 24 by 24 CSS px, or spaced so a 24 px circle touches nothing. */
export const MIN_TARGET = 24;
/** The smallest text the staff area shows. */
export const MIN_FONT_PX = 12;

/**
 * Every visible control inside `scope` (a button, link, input, select, text area or disclosure
 * summary) smaller than 24 x 24 px whose 24 px circle, centred on it, reaches another control or
 * another small control's circle (WCAG 2.2's spacing exception); and every visible piece of text
 * set smaller than 12 px. Each finding names the control or text, its size and where it is, so a
 * run lists them all at once.
 */
export async function smallTargetsAndText(scope: Locator, strict = false): Promise<string[]> {
  return scope.evaluate(
    (root, { minTarget, minFont, strict }) => {
      const found: string[] = [];
      const shown = (el: Element) =>
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      // Visually hidden text and controls (the sr-only pattern, such as the skip link until it
      // has focus) are not seen, so not measured.
      const clipped = (el: Element) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (
          rect.width <= 1 ||
          rect.height <= 1 ||
          style.clip.startsWith('rect(0') ||
          style.clipPath.startsWith('inset(50%')
        );
      };
      const describe = (el: Element) => {
        const name = (
          el.getAttribute('aria-label') ??
          (el as HTMLElement).innerText ??
          el.getAttribute('placeholder') ??
          ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40);
        const type = el.getAttribute('type');
        return `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${name}"`;
      };

      // A checkbox's or radio's label is part of its target: a press on it ticks the box.
      const targetRect = (el: Element): DOMRect => {
        const rect = el.getBoundingClientRect();
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
          const label = el.closest('label');
          if (label && label.querySelectorAll('input, button, a, select').length === 1) {
            const outer = label.getBoundingClientRect();
            if (outer.width * outer.height > rect.width * rect.height) return outer;
          }
        }
        return rect;
      };

      const controls = [
        ...root.querySelectorAll(
          'a[href], button, input:not([type=hidden]), select, textarea, summary',
        ),
      ].filter((el) => shown(el) && !clipped(el));
      const boxes = controls.map((el) => ({ el, rect: targetRect(el) }));
      const centre = (rect: DOMRect) => ({
        x: rect.left + rect.width / 2,
        y: rect.top + rect.height / 2,
      });
      const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) => {
        const dx = Math.max(rect.left - point.x, 0, point.x - rect.right);
        const dy = Math.max(rect.top - point.y, 0, point.y - rect.bottom);
        return Math.hypot(dx, dy);
      };
      const small = boxes.filter(
        ({ rect }) => rect.width < minTarget - 0.5 || rect.height < minTarget - 0.5,
      );
      const radius = minTarget / 2;
      for (const target of small) {
        const point = centre(target.rect);
        const crowded = boxes.some(
          (other) =>
            other.el !== target.el &&
            !other.el.contains(target.el) &&
            !target.el.contains(other.el) &&
            (distanceToRect(point, other.rect) < radius - 0.5 ||
              (small.includes(other) &&
                Math.hypot(point.x - centre(other.rect).x, point.y - centre(other.rect).y) <
                  minTarget - 0.5)),
        );
        if (crowded || strict) {
          found.push(
            `${describe(target.el)} is ${Math.round(target.rect.width)}x${Math.round(target.rect.height)} px`,
          );
        }
      }

      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const reported = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || reported.has(parent) || !node.textContent?.trim()) continue;
        if (!shown(parent) || clipped(parent)) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < minFont - 0.01) {
          reported.add(parent);
          found.push(
            `text "${node.textContent.trim().slice(0, 30)}" in ${parent.tagName.toLowerCase()} is ${size} px`,
          );
        }
      }
      return found;
    },
    { minTarget: MIN_TARGET, minFont: MIN_FONT_PX, strict },
  );
}

/**
 * The findings of the whole page, or of an open dialog alone (the page behind it is inert).
 * `strict` lists every control under 24 x 24 px, spaced or not (a to-do list, not a failure).
 */
export async function screenFindings(
  page: Page,
  screen: string,
  strict = false,
): Promise<string[]> {
  const dialog = page.locator('[role=dialog], [role=alertdialog]').filter({ visible: true });
  const scope = (await dialog.count()) > 0 ? dialog.first() : page.locator('body');
  return (await smallTargetsAndText(scope, strict)).map((finding) => `${screen}: ${finding}`);
}
