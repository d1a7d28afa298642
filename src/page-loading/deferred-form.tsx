import {
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/** How far below the viewport the form may be when its code starts loading. */
const PRELOAD_MARGIN = '600px 0px';
/** Marks the form's wrapper in the static HTML, so hydration can recognise it. */
const MARKER = 'data-deferred-form';
/** Input inside the form that makes it live at once (Tab into a field, a tap on it). */
const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'focusin'] as const;

/** A form whose code loads on demand; it calls `onReady` once it is live, handlers attached. */
export type OnDemandForm = ComponentType<{ onReady: () => void }>;

type DeferredFormProps = {
  /** The form, a `React.lazy` component: its code is fetched when the form is needed. */
  form: OnDemandForm;
  /** Holds the form's place (and size) on a client render while its code loads. */
  placeholder: ReactNode;
};

function createGate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

type GatedFormProps = { form: OnDemandForm; gate: Promise<void> | null; onReady: () => void };

/** Suspends until the gate opens; inside Suspense during hydration it keeps the static HTML. */
function GatedForm({ form: Form, gate, onReady }: GatedFormProps) {
  if (gate) use(gate);
  return <Form onReady={onReady} />;
}

/**
 * A form hydrated on demand. The static HTML already holds the whole form (no layout shift,
 * nothing to wait for to read it); its JavaScript loads only when the form nears the viewport or
 * the visitor reaches into the form itself (a tap, a click, focus). Input elsewhere does not
 * count: the first click on a page is often a link to another page, whose code would then share
 * the main thread with a form the visitor is leaving. Before that the boundary stays dehydrated,
 * showing the server markup.
 * A visitor who submits before the code has arrived is not sent off on a native POST (which
 * would reload the page and lose what they typed): the submit waits for the form and then goes
 * through it, validation included.
 */
export function DeferredForm({ form, placeholder }: DeferredFormProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  // Only hydration waits: when the static form is already in the page. On the server, and on a
  // client-side navigation (no such markup yet), the form renders at once.
  const [gate] = useState(() =>
    typeof document !== 'undefined' && document.querySelector(`[${MARKER}] form`)
      ? createGate()
      : null,
  );

  const live = useRef(!gate);
  const heldSubmit = useRef<HTMLFormElement | null>(null);
  const onReady = useCallback(() => {
    live.current = true;
    const held = heldSubmit.current;
    heldSubmit.current = null;
    held?.requestSubmit();
  }, []);

  useEffect(() => {
    if (!gate) return;
    const element = wrapper.current;
    const release = () => gate.open();
    const holdEarlySubmit = (event: SubmitEvent) => {
      if (live.current || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      heldSubmit.current = event.target;
      release();
    };
    element?.addEventListener('submit', holdEarlySubmit);
    const observer =
      element && 'IntersectionObserver' in window
        ? new IntersectionObserver(
            (entries) => entries.some((e) => e.isIntersecting) && release(),
            {
              rootMargin: PRELOAD_MARGIN,
            },
          )
        : null;
    if (observer && element) observer.observe(element);
    else release();
    // While the form is dehydrated, React stops these events at its root (to replay them once it
    // has hydrated), so a listener on the wrapper would never hear them: listen above the root.
    const onInteraction = (event: Event) => {
      if (event.target instanceof Node && element?.contains(event.target)) release();
    };
    const options = { capture: true, passive: true } as const;
    INTERACTION_EVENTS.forEach((type) => window.addEventListener(type, onInteraction, options));
    return () => {
      element?.removeEventListener('submit', holdEarlySubmit);
      observer?.disconnect();
      INTERACTION_EVENTS.forEach((type) =>
        window.removeEventListener(type, onInteraction, options),
      );
    };
  }, [gate]);

  return (
    <div ref={wrapper} {...{ [MARKER]: '' }}>
      <Suspense fallback={placeholder}>
        <GatedForm form={form} gate={gate?.promise ?? null} onReady={onReady} />
      </Suspense>
    </div>
  );
}
