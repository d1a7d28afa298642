/**
 * Development only: finds what would break inside a StaticIsland. An island's prerendered HTML is
 * adopted without hydrating it, so nothing in it ever gets its state, effects or event handlers;
 * a component that needs them silently does nothing in production. This walks the island's
 * rendered React tree (React's internal fiber fields, read only in development) and names the
 * first such component.
 */

type Hook = { memoizedState: unknown; queue: unknown; next: Hook | null };

type Fiber = {
  tag: number;
  type: unknown;
  memoizedState: unknown;
  memoizedProps: Record<string, unknown> | null;
  child: Fiber | null;
  sibling: Fiber | null;
};

// React's work tags for the kinds of fibers that matter here.
const FUNCTION_COMPONENT = 0;
const CLASS_COMPONENT = 1;
const HOST_COMPONENT = 5;
const FORWARD_REF = 11;
const SIMPLE_MEMO_COMPONENT = 15;

function componentName(fiber: Fiber): string {
  const type = fiber.type as
    { displayName?: string; name?: string; render?: { name?: string } } | string | null;
  if (typeof type === 'string') return `<${type}>`;
  return type?.displayName || type?.name || type?.render?.name || 'an anonymous component';
}

function isStateHook(hook: Hook) {
  const queue = hook.queue as { dispatch?: unknown } | null;
  return typeof queue?.dispatch === 'function';
}

function isEffectHook(hook: Hook) {
  const state = hook.memoizedState as Record<string, unknown> | null;
  return (
    typeof state === 'object' &&
    state !== null &&
    'tag' in state &&
    'deps' in state &&
    'create' in state
  );
}

function hooksOf(fiber: Fiber): Hook[] {
  const hooks: Hook[] = [];
  for (let hook = fiber.memoizedState as Hook | null; hook; hook = hook.next) hooks.push(hook);
  return hooks;
}

/** Why this one fiber may not live in an island, or null when it may. */
function behaviourOf(fiber: Fiber): string | null {
  if (fiber.tag === CLASS_COMPONENT) return `${componentName(fiber)} is a class component`;
  if (
    fiber.tag === FUNCTION_COMPONENT ||
    fiber.tag === FORWARD_REF ||
    fiber.tag === SIMPLE_MEMO_COMPONENT
  ) {
    const hooks = hooksOf(fiber);
    if (hooks.some(isStateHook)) return `${componentName(fiber)} has state`;
    if (hooks.some(isEffectHook)) return `${componentName(fiber)} has an effect`;
  }
  if (fiber.tag === HOST_COMPONENT && fiber.memoizedProps) {
    const handler = Object.keys(fiber.memoizedProps).find(
      (key) => /^on[A-Z]/.test(key) && typeof fiber.memoizedProps![key] === 'function',
    );
    if (handler) return `${componentName(fiber)} has an ${handler} handler`;
  }
  return null;
}

function fiberOf(element: Element): Fiber | undefined {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  return key ? ((element as unknown as Record<string, Fiber>)[key] ?? undefined) : undefined;
}

/** The first behaviour found below the island's element, in words, or null when there is none. */
export function findBehaviourInIsland(island: Element): string | null {
  const root = fiberOf(island);
  const visit = (fiber: Fiber | null): string | null => {
    for (let current = fiber; current; current = current.sibling) {
      const found = behaviourOf(current) ?? visit(current.child);
      if (found) return found;
    }
    return null;
  };
  return root ? visit(root.child) : null;
}

export function assertNoBehaviourInIsland(island: Element | null) {
  const found = island && findBehaviourInIsland(island);
  if (found) {
    throw new Error(
      `StaticIsland: ${found}. An island's HTML is adopted without hydration, so its state, ` +
        'effects and handlers never run: render this component outside the island.',
    );
  }
}
