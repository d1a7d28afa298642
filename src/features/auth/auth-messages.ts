import { limits } from '@/config/site';

/**
 * Every user-facing text of sign-in, sign-up and the second step, kept here only. The welcome
 * is said only to an admin whose second step is done (aal2); an account that is not staff is
 * turned away by the staff area, so it is not welcomed.
 */
export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  passwordTooShort: `Password must be at least ${limits.minPasswordLength} characters long`,
  invalidEmail: 'Please enter a valid email address',
  enterEmailAndPassword: 'Please enter both email and password',
  alreadyRegistered: 'This email is already registered. Please sign in instead.',
  checkEmailTitle: 'Check your email',
  checkEmailDescription:
    'We sent you a confirmation link. Please check your email and click the link to verify your account.',
  welcomeTitle: 'Welcome back!',
  welcomeDescription: 'You have been signed in successfully.',
  signInFailedTitle: 'Sign in failed',
  signUpFailedTitle: 'Sign up failed',
  tooManyAttemptsTitle: 'Too many attempts',
  tryAgainAfter: (time: string) => `Please try again after ${time}`,
  errorTitle: 'Error',
  unexpected: 'An unexpected error occurred. Please try again.',
  accessDeniedTitle: 'Access Denied',
  accessDeniedDescription: 'You need admin privileges to access this page.',
  enterCode: 'Please enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits, with no letters',
  wrongCode:
    "That code didn't match. Codes change every 30 seconds: enter the 6-digit code your authenticator app shows now.",
  codeExpired:
    'That check took too long and timed out. Enter the 6-digit code your authenticator app shows now.',
  tooManyCodes:
    'Too many codes tried. Wait a minute, then enter the code your authenticator app shows at that moment.',
  codeCheckInterrupted:
    'Your connection changed while the code was being checked. Enter the code your authenticator app shows now.',
  factorGone:
    'This account no longer has an authenticator app set up. Sign out, sign in again and set one up.',
  codeCheckFailed:
    'Your code could not be checked just now. Check your connection, then enter the code your authenticator app shows.',
  setupKeyCopied: 'Copied: paste the key into your authenticator app.',
  setupKeyNotCopied:
    'This browser would not copy the key. Select it and copy it, or type it into the app.',
  enrolmentFailed: 'Could not start setting up your authenticator app. Please try again.',
  mfaVerifiedTitle: 'Two-step verification set up',
  mfaEnrolledDescription: 'Your authenticator app is set up. Use it each time you sign in.',
} as const;
