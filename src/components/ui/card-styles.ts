/**
 * The "whole card is clickable" pattern with one real link per card: the card is `relative`,
 * its one link stretches an ::after overlay over it, and the card shows the focus ring while
 * the link has keyboard focus. No nested links, no click handlers on divs.
 */
export const clickableCardClass =
  'relative transition-shadow hover:shadow-lg has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600';

/** Put on the card's single link. */
export const stretchedLinkClass =
  "after:absolute after:inset-0 after:z-10 after:content-[''] focus-visible:outline-none";
