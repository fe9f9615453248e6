/**
 * User-facing messages (docs/product.md#validation, docs/product.md#errors), kept in one place so the
 * forms, the server and the tests say exactly the same words.
 */
export const messages = {
  auth: {
    emailRequired: 'Email is required',
    invalidEmail: 'Invalid email address',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 8 characters',
    /** The hint under every field that takes a new password (sign-up, password change). */
    newPasswordHint: 'At least 8 characters; common passwords are refused',
    currentPasswordRequired: 'Current password is required',
    currentPasswordWrong: 'The current password is not correct.',
    /** Change password, for an account single sign-on made (it has no password to change). */
    noPasswordToChange:
      'Your account has no password to change: it signs in through your workspace’s single sign-on.',
    passwordsDiffer: 'The passwords do not match',
    samePassword: 'The new password must differ from the current one',
    passwordChanged: 'Password changed',
    passwordChangeFailed: 'Failed to change the password',
    tooManyPasswordChanges: 'Too many password change attempts. Please wait a few minutes and try again.',
    sessionsSignedOut: (n: number) =>
      n === 0 ? 'No other sessions were signed in' : `Signed out of ${n} other session${n === 1 ? '' : 's'}`,
    signOutOthersFailed: 'Failed to sign out the other sessions',
    loadSessionsFailed: 'Failed to load your sessions',
    sessionEnded: 'Session signed out',
    signInLinkSent:
      'If an account has this address, a sign-in link is on its way. It works once, for 15 minutes.',
    signInLinkInvalid: 'This sign-in link has expired or was used already. Ask for a new one.',
    tooManySignInLinks: 'Too many sign-in links asked for. Try again later.',
    endSessionFailed: 'Failed to sign out that session',
    sessionNotFound: 'Session not found',
    endCurrentSession: 'This is the session you are using. Use Sign Out instead.',
    alreadyVerified: 'Your email address is already verified.',
    tooManyVerificationMails: 'Too many verification emails. Please wait an hour and try again.',
    verificationSent: (email: string) => `We sent a new link to ${email}.`,
    verificationEmailed: (email: string) => `Open the link we emailed to ${email}.`,
    verificationLogged:
      'Email isn’t set up on this server (SMTP_HOST), so your link was written to the server’s log instead: ask whoever runs LinkPilot for it (its log line starts with “[email-verification]”).',
    newLinkLogged: 'A new link was written to the server’s log.',
    verificationFailed: 'Failed to send the verification email',
    emailVerified: 'Your email address is verified.',
    verificationLinkInvalid: 'That verification link has expired or is not valid. Send yourself a new one.',
    /** Checked on the server only: the list of common passwords is too large to ship to the browser. */
    passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    companyNameRequired: 'Company name is required',
    /** Shown for invalid_credentials (docs/product.md#errors); we also use it for unknown emails (no enumeration). */
    invalidCredentials: 'Invalid email or password. Please try again.',
    emailTaken: 'An account with this email already exists. Please log in instead.',
    tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    tooManySignUps: 'Too many accounts were created from this network. Please try again later.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  generic: {
    notFound: 'Not found',
    unauthorized: 'Please sign in to continue.',
    forbidden: 'You do not have permission to do that.',
    invalidRequest: 'The request is not valid.',
    tooLarge: 'The request is too large.',
    rateLimited: 'Too many requests. Please slow down and try again shortly.',
    internal: 'Something went wrong on our side. Please try again.',
    storageFull: 'The server is out of disk space, so the file was not saved. Try again once space is freed.',
    routerError: 'Unexpected Application Error!',
  },
} as const;
