import { limits } from '@/config/site';

/** Every user-facing text of sign-in and sign-up (spec sections 5 and 8), word for word. */
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
} as const;
