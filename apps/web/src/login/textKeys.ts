/**
 * The texts the login page shows, by the locale key they come from (packages/contract/locales). The build
 * (apps/web/build/loginTexts.ts) picks exactly these out of each language's files into one small module per
 * language, so the page downloads only its own texts in the active language.
 */
export const LOGIN_TEXT_KEYS = {
  title: 'common:screens.login',
  skipToContent: 'common:nav.skipToContent',
  languageCurrent: 'common:nav.languageCurrent',
  email: 'session:email',
  password: 'session:password',
  showPassword: 'session:showPassword',
  submit: 'session:login',
  forgotPassword: 'session:forgotPassword',
  register: 'session:register',
  fieldRequired: 'errors:fieldRequired',
  invalidEmail: 'errors:invalidEmail',
  networkError: 'errors:loadError',
  passwordResetDone: 'messages:passwordResetDone',
} as const;

export type LoginTextName = keyof typeof LOGIN_TEXT_KEYS;
export type LoginTexts = Record<LoginTextName, string>;

/** A text with its `{{name}}` placeholders filled in (i18next's syntax, as the locale files use it). */
export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
