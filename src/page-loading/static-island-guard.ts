/**
 * Development only: finds what would break inside a StaticIsland. An island's prerendered HTML is
 * adopted without hydrating it, so nothing in it ever gets its state, effects or event handlers;
 * a component that needs them silently does nothing in production. This walks the island's
 * rendered React tree and names the first such component.
 *
 * React has no public way to ask a rendered tree which components hold state or effects, so this
 * reads React's private fiber fields. Before each check it verifies every field it reads on the
 * island's own fiber and on StaticIsland's (which has state and an effect of its own): a React
 * release that renames or reshapes any of them makes every island throw, naming the field, instead
 * of letting the check pass islands it can no longer see into.
 */
import { version as reactVersion } from 'react';

type Hook = { memoizedState: unknown; queue: unknown; next: Hook | null };

type Fiber = {
  type: unknown;
  memoizedState: unknown;
  memoizedProps: Record<string, unknown> | null;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
};

/** The prefix of the property React puts on each DOM element it renders, pointing at its fiber. */
const FIBER_KEY_PREFIX = '__reactFiber$';
const TREE_FIELDS = ['type', 'memoizedState', 'memoizedProps', 'child', 'sibling', 'return'];

type ComponentType = {
  displayName?: string;
  name?: string;
  render?: { name?: string };
  prototype?: { isReactComponent?: unknown };
};

function componentName(fiber: Fiber): string {
  const type = fiber.type as ComponentType | string | null;
  if (typeof type === 'string') return `<${type}>`;
  return type?.displayName || type?.name || type?.render?.name || 'an anonymous component';
}

/** A class component (the public marker React.Component puts on its prototype). */
function isClassComponent(fiber: Fiber) {
  return (
    typeof fiber.type === 'function' &&
    Boolean((fiber.type as ComponentType).prototype?.isReactComponent)
  );
}

/** A function component, plain, memo'd or forwardRef'd: the fibers whose state is a hook list. */
function isFunctionComponent(fiber: Fiber) {
  const type = fiber.type as ComponentType | null;
  if (typeof type === 'function') return !isClassComponent(fiber);
  return typeof type === 'object' && type !== null && typeof type.render === 'function';
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
  if (isClassComponent(fiber)) return `${componentName(fiber)} is a class component`;
  if (isFunctionComponent(fiber)) {
    const hooks = hooksOf(fiber);
    if (hooks.some(isStateHook)) return `${componentName(fiber)} has state`;
    if (hooks.some(isEffectHook)) return `${componentName(fiber)} has an effect`;
  }
  if (typeof fiber.type === 'string' && fiber.memoizedProps) {
    const handler = Object.keys(fiber.memoizedProps).find(
      (key) => /^on[A-Z]/.test(key) && typeof fiber.memoizedProps![key] === 'function',
    );
    if (handler) return `${componentName(fiber)} has an ${handler} handler`;
  }
  return null;
}

function fiberOf(element: Element): Fiber | undefined {
  const key = Object.keys(element).find((name) => name.startsWith(FIBER_KEY_PREFIX));
  return key ? (element as unknown as Record<string, Fiber>)[key] : undefined;
}

/**
 * The first field of React's internals this check reads that is not what it expects, in words,
 * or null when all are. `island` is a StaticIsland's element: a host `<div>` with an `id`,
 * rendered by StaticIsland, which holds a state hook (useState) and an effect (useLayoutEffect).
 */
function unreadableInternals(island: Element): string | null {
  const fiber = fiberOf(island);
  if (!fiber) return `the island's element has no ${FIBER_KEY_PREFIX}… property`;
  const missing = TREE_FIELDS.find((field) => !(field in fiber));
  if (missing) return `a fiber has no "${missing}" field`;
  if (fiber.type !== island.localName || fiber.memoizedProps?.id !== island.id) {
    return "the island's fiber does not hold its tag name in type and its props in memoizedProps";
  }
  const owner = fiber.return;
  if (!owner || !isFunctionComponent(owner)) {
    return "the island's fiber does not return to StaticIsland's function component";
  }
  const hooks = hooksOf(owner);
  if (!hooks.some(isStateHook)) return "StaticIsland's useState is not a hook with queue.dispatch";
  if (!hooks.some(isEffectHook)) {
    return "StaticIsland's useLayoutEffect is not a hook whose state has tag, deps and create";
  }
  return null;
}

/** The first behaviour found below the island's element, in words, or null when there is none. */
export function findBehaviourInIsland(island: Element): string | null {
  const unreadable = unreadableInternals(island);
  if (unreadable) {
    throw new Error(
      `StaticIsland's development check cannot read React ${reactVersion}'s internals: ` +
        `${unreadable}. Without them it would pass every island unchecked; update ` +
        'src/page-loading/static-island-guard.ts to the fields this React release uses.',
    );
  }
  const visit = (fiber: Fiber | null): string | null => {
    for (let current = fiber; current; current = current.sibling) {
      const found = behaviourOf(current) ?? visit(current.child);
      if (found) return found;
    }
    return null;
  };
  return visit(fiberOf(island)!.child);
}

export function assertNoBehaviourInIsland(island: Element | null) {
  if (!island) throw new Error("StaticIsland's development check found no element for the island.");
  const found = findBehaviourInIsland(island);
  if (found) {
    throw new Error(
      `StaticIsland: ${found}. An island's HTML is adopted without hydration, so its state, ` +
        'effects and handlers never run: render this component outside the island.',
    );
  }
}
