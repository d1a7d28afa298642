/** Saves a value as a pretty-printed JSON file through a temporary object URL. */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "data-request-2026-11-25.json": the date only, so the file name holds no personal data. */
export function dataRequestFileName(generatedAt: string): string {
  return `data-request-${generatedAt.slice(0, 10)}.json`;
}
