/** What the last save or change came to, said beside the form that made it. */
export type Outcome = { tone: 'ok' | 'error'; text: string } | null;

/**
 * A polite live region that is always in the page (so a message put into it is announced),
 * holding the last outcome: green when done, red with the reason when not.
 */
export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <div role="status">
      {outcome ? (
        <p
          className={
            outcome.tone === 'ok'
              ? 'rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900'
              : 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800'
          }
        >
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
