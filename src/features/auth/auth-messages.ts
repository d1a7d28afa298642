import { limits } from '@/config/site';

/** Every user-facing text of sign-in and sign-up (listed in docs/product-rules.md). */
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
  wrongCode: (serverMessage: string) =>
    `${serverMessage}: that is not the current code. Check your authenticator app and try again.`,
  tooManyCodes: 'Too many codes tried. Wait a minute, then try again.',
  enrolmentFailed: 'Could not start setting up your authenticator app. Please try again.',
  mfaVerifiedTitle: 'Two-step verification set up',
  mfaEnrolledDescription: 'Your authenticator app is set up. Use it each time you sign in.',
} as const;
