import { downloadFile } from '@/lib/download-file';

/** Saves a value as a pretty-printed JSON file. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadFile(fileName, `${JSON.stringify(value, null, 2)}\n`, 'application/json');
}

/** "data-request-2026-11-25.json": the date only, so the file name holds no personal data. */
export function dataRequestFileName(generatedAt: string): string {
  return `data-request-${generatedAt.slice(0, 10)}.json`;
}
