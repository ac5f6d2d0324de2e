import type { Locale } from '@hivescope/contract';
import type { BrandConfig } from '../lib/brand';
import { attr, h, icon } from './dom';
import { languageMenu } from './languageMenu';
import type { LoginTextName, LoginTexts } from './textKeys';
import type { LoginErrors, LoginValues } from './validate';

export type PageState = {
  locale: Locale;
  texts: LoginTexts;
  brand: BrandConfig;
  errors: LoginErrors;
  busy: boolean;
  passwordShown: boolean;
  /** A text shown above the form (after a password reset). */
  notice: LoginTextName | null;
};

export type PageHandlers = {
  onSubmit: (values: LoginValues) => void;
  onEdit: (field: keyof LoginValues) => void;
  onTogglePassword: () => void;
  onPick: (locale: Locale) => void;
};

/** Tabler's "eye" and "eye-off" icons. */
const EYE = [
  'M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0',
  'M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6',
];
const EYE_OFF = [
  'M10.585 10.587a2 2 0 0 0 2.829 2.828',
  'M16.681 16.673a8.717 8.717 0 0 1 -4.681 1.327c-3.6 0 -6.6 -2 -9 -6c1.272 -2.12 2.712 -3.678 4.32 -4.674m2.86 -1.146a9.055 9.055 0 0 1 1.82 -.18c3.6 0 6.6 2 9 6c-.666 1.11 -1.379 2.067 -2.138 2.87',
  'M3 3l18 18',
];

/** A labelled input with its error text below (linked through aria-describedby while shown). */
function field(input: HTMLInputElement, extra?: Node) {
  const label = h('label', { for: input.id, class: 'label' });
  const error = h('p', { id: `${input.id}-error`, class: 'field-error', hidden: '' });
  const element = h('div', { class: 'field' }, label, h('div', { class: 'control' }, input, extra), error);
  const render = (text: string, errorText: string | null) => {
    label.textContent = text;
    error.hidden = errorText === null;
    error.textContent = errorText ?? '';
    attr(input, 'aria-invalid', errorText !== null);
    attr(input, 'aria-describedby', errorText === null ? null : error.id);
  };
  return { element, render };
}

/**
 * The login page's markup (docs/accessibility.md): skip link, banner with brand and language picker, the
 * main landmark with the one h1 and the form. Built once; `render` brings texts and states up to date.
 */
export function createPage(handlers: PageHandlers) {
  const skip = h('a', { href: '#main-content', class: 'skip-link', 'data-testid': 'skip-link' });
  const logo = h('img', { alt: '', width: '32', height: '32' });
  const brandName = h('span', { class: 'brand-name', 'data-testid': 'brand-name' });
  const menu = languageMenu(handlers.onPick);
  const header = h(
    'header',
    { class: 'bar', 'data-testid': 'navbar' },
    h('div', { class: 'brand' }, logo, brandName),
    menu.element,
  );

  const email = h('input', {
    id: 'login-email',
    name: 'email',
    type: 'email',
    autocomplete: 'username',
    class: 'input',
    'data-testid': 'login-email',
  });
  const password = h('input', {
    id: 'login-password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    class: 'input',
    'data-testid': 'login-password',
  });
  const reveal = h('button', { type: 'button', class: 'reveal', 'aria-pressed': 'false' });
  const emailField = field(email);
  const passwordField = field(password, reveal);
  const notice = h('p', { role: 'status', class: 'notice', 'data-testid': 'login-notice' });
  const alertSlot = h('div', { class: 'alert-slot' });
  const spinner = h('span', { class: 'spinner', 'aria-hidden': 'true', hidden: '' });
  const submitText = document.createTextNode('');
  const submit = h(
    'button',
    { type: 'submit', class: 'submit', 'data-testid': 'login-submit' },
    spinner,
    submitText,
  );
  const forgot = h('a', { href: '/password/request', 'data-testid': 'forgot-password-link' });
  const register = h('a', { href: '/registration', 'data-testid': 'registration-link' });
  const form = h(
    'form',
    { novalidate: '', 'data-testid': 'login-form', class: 'form' },
    notice,
    alertSlot,
    emailField.element,
    passwordField.element,
    submit,
    h('div', { class: 'links' }, forgot, register),
  );
  const title = h('h1', { tabindex: '-1', 'data-testid': 'page-title' });
  const main = h('main', { id: 'main-content', tabindex: '-1' }, h('div', { class: 'card' }, title, form));

  skip.addEventListener('click', (event) => {
    // Focus the region itself, as the web app's skip link does.
    event.preventDefault();
    main.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    handlers.onSubmit({ email: email.value, password: password.value });
  });
  email.addEventListener('input', () => handlers.onEdit('email'));
  password.addEventListener('input', () => handlers.onEdit('password'));
  reveal.addEventListener('click', handlers.onTogglePassword);

  let shownIcon: boolean | null = null;
  const render = (state: PageState) => {
    const { texts, errors } = state;
    document.documentElement.lang = state.locale;
    document.title = `${texts.title} · ${state.brand.name}`;
    skip.textContent = texts.skipToContent;
    logo.src = state.brand.logo;
    brandName.textContent = state.brand.name;
    menu.render(state.locale, texts);
    title.textContent = texts.title;
    notice.hidden = state.notice === null;
    notice.textContent = state.notice ? texts[state.notice] : '';
    emailField.render(texts.email, errors.email ? texts[errors.email] : null);
    passwordField.render(texts.password, errors.password ? texts[errors.password] : null);
    password.type = state.passwordShown ? 'text' : 'password';
    attr(reveal, 'aria-pressed', String(state.passwordShown));
    attr(reveal, 'aria-label', texts.showPassword);
    if (shownIcon !== state.passwordShown) {
      reveal.replaceChildren(icon(state.passwordShown ? EYE_OFF : EYE));
      shownIcon = state.passwordShown;
    }
    submitText.data = texts.submit;
    spinner.hidden = !state.busy;
    attr(submit, 'aria-disabled', state.busy);
    forgot.textContent = texts.forgotPassword;
    register.textContent = texts.register;
  };

  /** Shows the server's message in a fresh alert (a new role=alert element is announced again). */
  const showError = (message: string | null) => {
    alertSlot.replaceChildren();
    if (message)
      alertSlot.append(h('div', { role: 'alert', class: 'alert', 'data-testid': 'login-error' }, message));
  };

  const focusFirstInvalid = (errors: LoginErrors) => (errors.email ? email : password).focus();

  return { nodes: [skip, header, main], render, showError, focusFirstInvalid };
}
