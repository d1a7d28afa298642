import type { Locator, Page } from '@playwright/test';

import { serviceClient, uniqueToken, type Credentials } from './backend-fixtures';

export type StaffMember = Credentials & { id: string; name: string };

/**
 * A second admin with a long address and a name, made through the service role (account, role,
 * staff name); delete it with deleteAccount.
 */
export async function createNamedAdmin(name: string): Promise<StaffMember> {
  const email = `${uniqueToken('firstname.middlename.lastname-')}@department.example.co.uk`;
  const password = `Password-${uniqueToken('')}`;
  const client = serviceClient();
  const { data, error } = await client.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw new Error(`createUser(${email}) failed: ${error.message}`);
  const id = data.user.id;
  const role = await client.from('user_roles').insert({ user_id: id, role: 'admin' });
  if (role.error) throw new Error(`granting the admin role failed: ${role.error.message}`);
  const named = await client.from('staff_profiles').insert({ user_id: id, display_name: name });
  if (named.error) throw new Error(`naming the admin failed: ${named.error.message}`);
  return { email, password, id, name };
}

/** Where the element's box pokes out of the viewport, or null when it is wholly inside it. */
export async function outsideViewport(page: Page, element: Locator): Promise<string | null> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return 'not laid out';
  if (box.x < 0 || box.x + box.width > viewport.width + 0.5) {
    return `x ${Math.round(box.x)}..${Math.round(box.x + box.width)} of ${viewport.width}`;
  }
  if (box.y < 0 || box.y + box.height > viewport.height + 0.5) {
    return `y ${Math.round(box.y)}..${Math.round(box.y + box.height)} of ${viewport.height}`;
  }
  return null;
}

/** Whether the element is what a tap at its centre reaches (nothing covers it). */
export async function reachableAtCentre(element: Locator): Promise<boolean> {
  await element.scrollIntoViewIfNeeded();
  return element.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Everything inside a dialog stays inside its box, and the box inside the viewport. */
export async function dialogSpills(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((box) => {
    const found: string[] = [];
    const outer = box.getBoundingClientRect();
    if (outer.left < 0 || outer.right > document.documentElement.clientWidth + 0.5) {
      found.push(`the dialog runs ${Math.round(outer.left)}..${Math.round(outer.right)}`);
    }
    for (const el of box.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0) continue;
      const out = Math.max(rect.right - outer.right, outer.left - rect.left);
      if (out > 1)
        found.push(`${el.tagName.toLowerCase()} leaves the dialog by ${Math.round(out)} px`);
      if (el.scrollWidth - el.clientWidth > 1 && getComputedStyle(el).overflowX === 'visible') {
        found.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 30)}" is wider than its box`,
        );
      }
    }
    return found;
  });
}
