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
  deleteCodeSent:
    'If an account exists for this e-mail, we have sent a 6-digit code to it. The code expires in 10 minutes.',
  deleteCodeWrong: 'The code is incorrect or has expired. Please check it or request a new code.',
  deleted: 'Your account has been deleted. We are sorry to see you go.',
  addressRequired: 'Please choose your address',
} as const;
