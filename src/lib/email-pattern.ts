/**
 * The shape every form accepts as an e-mail address: something@something.something, no spaces
 * and one at sign. The enquiry table's CHECK constraint applies the same shape in the database;
 * GoTrue checks sign-up addresses itself.
 */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
