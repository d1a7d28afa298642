import { useId, type KeyboardEvent } from 'react';

/** Where each key moves the focus in a row of `count` tabs, from `index` (it wraps around). */
export function nextTabIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The WAI-ARIA tabs pattern as prop getters: a tab list moved through with the arrow keys
 * (Home and End jump to the ends), automatic activation, one tab in the Tab order, and panels
 * labelled by their tabs. The caller owns the selected value and decides whether inactive panels
 * stay mounted (hidden) or are not rendered at all.
 *
 * It has no effects and no state of its own: hydrating it costs one render, where a tabs
 * library's focus bookkeeping cost a synchronous re-render of the page after hydration.
 */
export function useTabs<Value extends string>(options: {
  values: readonly Value[];
  value: Value;
  onValueChange: (value: Value) => void;
}) {
  const { values, value, onValueChange } = options;
  const baseId = useId();
  const tabId = (tab: Value) => `${baseId}tab-${tab}`;
  const panelId = (tab: Value) => `${baseId}panel-${tab}`;
  const state = (tab: Value) => (tab === value ? 'active' : 'inactive');

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = tabs.indexOf(event.target as HTMLElement);
    const next = index < 0 ? undefined : nextTabIndex(event.key, index, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    tabs[next]!.focus();
    onValueChange(values[next]!);
  }

  return {
    listProps: { role: 'tablist', 'aria-orientation': 'horizontal', onKeyDown } as const,
    tabProps: (tab: Value) =>
      ({
        role: 'tab',
        type: 'button',
        id: tabId(tab),
        'aria-selected': tab === value,
        'aria-controls': panelId(tab),
        tabIndex: tab === value ? 0 : -1,
        'data-state': state(tab),
        onClick: () => onValueChange(tab),
      }) as const,
    panelProps: (tab: Value) =>
      ({
        role: 'tabpanel',
        id: panelId(tab),
        'aria-labelledby': tabId(tab),
        tabIndex: 0,
        hidden: tab !== value,
        'data-state': state(tab),
      }) as const,
  };
}
