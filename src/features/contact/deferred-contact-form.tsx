import { lazy, Suspense, use, useCallback, useEffect, useRef, useState } from 'react';

const ContactForm = lazy(() => import('@/features/contact/contact-form'));

/** How far below the viewport the section may be when its code starts loading. */
const PRELOAD_MARGIN = '600px 0px';
/** Marks the form's wrapper in the static HTML, so hydration can recognise it. */
const MARKER = 'data-deferred-form';
/** Input inside the form that makes it live at once (Tab into a field, a tap on it). */
const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'focusin'] as const;

function createGate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Suspends until the gate opens; inside Suspense during hydration it keeps the static HTML. */
function GatedForm({ gate, onReady }: { gate: Promise<void> | null; onReady: () => void }) {
  if (gate) use(gate);
  return <ContactForm onReady={onReady} />;
}

/**
 * The enquiry form, hydrated on demand. The static HTML already holds the whole form (no layout
 * shift, nothing to wait for to read it); its JavaScript — react-hook-form, zod/mini, the
 * form itself — loads only when the contact section nears the viewport or the visitor reaches
 * into the form itself (a tap, a click, focus). Input elsewhere does not count: the first click
 * on a page is often a link to another page, whose code would then share the main thread with a
 * form the visitor is leaving. Before that the boundary stays dehydrated, showing the server
 * markup.
 * A visitor who submits before the code has arrived is not sent off on a native POST (which
 * would reload the page and lose what they typed): the submit waits for the form and then goes
 * through it, validation included.
 */
export function DeferredContactForm() {
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
    const form = heldSubmit.current;
    heldSubmit.current = null;
    form?.requestSubmit();
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
    INTERACTION_EVENTS.forEach((type) =>
      element?.addEventListener(type, release, { once: true, passive: true }),
    );
    return () => {
      element?.removeEventListener('submit', holdEarlySubmit);
      observer?.disconnect();
      INTERACTION_EVENTS.forEach((type) => element?.removeEventListener(type, release));
    };
  }, [gate]);

  return (
    <div ref={wrapper} {...{ [MARKER]: '' }}>
      <Suspense
        fallback={
          <div className="min-h-[760px] rounded-2xl border border-slate-200 bg-white sm:min-h-[640px]" />
        }
      >
        <GatedForm gate={gate?.promise ?? null} onReady={onReady} />
      </Suspense>
    </div>
  );
}
