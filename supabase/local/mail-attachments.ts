/**
 * The attachments of a mail the local mail API receives, in Resend's shape (`filename`, `content`
 * as base64, `content_type`), and as the captured inbox keeps them.
 */

/** An attachment as `/__local/mail` lists it: a text file's text, decoded, so a test can read it. */
export interface CapturedAttachment {
  filename: string;
  content_type: string;
  /** Bytes, decoded. */
  size: number;
  /** The content as UTF-8 text for a text type (text/*, JSON, XML); null for any other. */
  text: string | null;
}

// eslint-disable-next-line no-control-regex
const hasControl = (text: string) => /[\u0000-\u001f\u007f]/.test(text);

const isBase64 = (text: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(text.replace(/\s+/g, ''));

const isByteList = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.every((byte) => Number.isInteger(byte) && (byte as number) >= 0 && (byte as number) < 256);

/** Whether an attachment of this content type is kept as text. */
export function isTextType(contentType: string): boolean {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    essence.startsWith('text/') ||
    essence === 'application/json' ||
    essence === 'application/xml' ||
    essence.endsWith('+json') ||
    essence.endsWith('+xml')
  );
}

function captured(filename: string, contentType: string, bytes: Buffer): CapturedAttachment {
  return {
    filename,
    content_type: contentType,
    size: bytes.length,
    text: isTextType(contentType) ? bytes.toString('utf8') : null,
  };
}

/**
 * The `attachments` field of a send request: each an object with a `filename` and a `content`
 * (base64, or a list of bytes as Resend's SDKs may send); `content_type` is optional. A remote
 * `path` is refused: the embedded backend fetches nothing. Returns the reason when refused.
 */
export function parseAttachments(value: unknown): CapturedAttachment[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'The `attachments` field must be a list.';
  const attachments: CapturedAttachment[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'Each attachment must be an object.';
    const { filename, content, content_type: contentType } = item as Record<string, unknown>;
    if (typeof filename !== 'string' || filename.trim() === '' || hasControl(filename)) {
      return 'Each attachment needs a `filename` on one line.';
    }
    if (contentType !== undefined && (typeof contentType !== 'string' || hasControl(contentType))) {
      return 'An attachment `content_type` must be a string on one line.';
    }
    const type = typeof contentType === 'string' ? contentType : 'application/octet-stream';
    if (typeof content === 'string' && isBase64(content)) {
      attachments.push(captured(filename, type, Buffer.from(content, 'base64')));
    } else if (isByteList(content)) {
      attachments.push(captured(filename, type, Buffer.from(content)));
    } else {
      return 'Each attachment needs a base64 `content` (the embedded backend fetches no `path`).';
    }
  }
  return attachments;
}

/** The attachments column as stored, whatever the driver returns for jsonb; [] for none. */
export function storedAttachments(value: unknown): CapturedAttachment[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as CapturedAttachment[]) : [];
}
