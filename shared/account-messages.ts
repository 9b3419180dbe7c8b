/** Messages of spec section 8 and of the account feature, shared by use-cases and pages. */
export const accountMessages = {
  emailTaken:
    'Oops! It seems like that email has already been taken. Please log in to your existing account',
  loginFailed: 'The e-mail address or password is incorrect. Please try again.',
  registered: 'Your account is successfully created, please login to your account.',
  resetSent: 'Your reset password is sent to your registered email, please check your inbox',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been changed. Please log in with your new password.',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordChanged: 'Your password has been changed. Please log in again with your new password.',
  profileUpdated: 'Your profile has been updated.',
  orderCancelled: (orderNo: string) =>
    `Order ${orderNo} is cancelled. We have e-mailed you a confirmation.`,
  deleteCodeSent:
    'If an account exists for this e-mail, we have sent a 6-digit code to it. The code expires in 10 minutes.',
  deleteCodeWrong: 'The code is incorrect or has expired. Please check it or request a new code.',
  deleted: 'Your account has been deleted. We are sorry to see you go.',
  addressRequired: 'Please choose your address',
  emailChangeInvalid:
    'This confirmation link is invalid or has expired. Please change your e-mail address again from your account.',
  emailChangeTaken:
    'This e-mail address now belongs to another account, so your e-mail address has not been changed.',
} as const;

/** The reply to a profile update with a new e-mail (the same whether or not it has an account). */
export function emailChangeSentMessage(newEmail: string): string {
  return `We have sent a link to ${newEmail} to confirm the change.`;
}

export function emailChangedMessage(email: string): string {
  return `Your e-mail address is now ${email}.`;
}
