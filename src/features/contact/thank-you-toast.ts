import { notify, type ToastMessage } from '@/components/ui/toast/notify';
import { contactSectionContent } from '@/content/home';

const thankYou: ToastMessage = {
  title: 'Thank you for your inquiry!',
  description: contactSectionContent.replyPromise,
  variant: 'success',
};

/** What the visitor does to carry on: scroll, tap, click or type. Never a scroll of our own. */
const carryingOn = ['pointerdown', 'wheel', 'touchmove', 'keydown'] as const;

/**
 * Thanks the visitor for the enquiry just sent. When the booking offer comes into view with it,
 * the toast sits at the top, over the offer's heading (the offer is scrolled to just under the
 * header), and goes as soon as the visitor carries on: from then on the offer's tiles and buttons
 * could pass beneath it.
 */
export function thankForEnquiry({ withOffer }: { withOffer: boolean }): void {
  if (!withOffer) {
    notify(thankYou);
    return;
  }
  const gone = new AbortController();
  const dismiss = () => gone.abort();
  for (const type of carryingOn) {
    window.addEventListener(type, dismiss, {
      capture: true,
      once: true,
      passive: true,
      signal: gone.signal,
    });
  }
  notify({ ...thankYou, placement: 'top', until: gone.signal });
}
