/**
 * Where this visit began, held in memory only: the address of the first page the browser loaded
 * and the referrer it arrived with. Nothing is stored or sent here; the enquiry form derives the
 * lead's source from it when an enquiry is sent (`visit-source.ts`), so public pages carry no
 * parsing code. Client-side navigations keep the first value; a full page load starts afresh.
 */
export type VisitStart = {
  /** The landing page's path, without its query or fragment. */
  path: string;
  /** The landing page's query string (`?…` or empty). */
  search: string;
  /** This site's host name, to tell another site's referrer from our own. */
  siteHost: string;
  /** `document.referrer` as the browser gave it (often only an origin, or empty). */
  referrer: string;
};

let visitStart: VisitStart | undefined;

/** Called once by the client entry, before the first render; a later call changes nothing. */
export function rememberVisitStart(start: VisitStart): void {
  visitStart ??= start;
}

export const readVisitStart = (): VisitStart | undefined => visitStart;
