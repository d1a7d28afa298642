/**
 * The enquiry's booking key: 32 random bytes, base64url (43 characters). Sent with the enquiry
 * (the database keeps only its hash), then traded for the enquiry's book token.
 */
export function newBookingKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
