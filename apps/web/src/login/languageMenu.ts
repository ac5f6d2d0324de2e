import { LOCALES, type Locale } from '@hivescope/contract';
import { LANGUAGE_NAMES } from '../lib/languages';
import { attr, h, icon } from './dom';
import { format, type LoginTexts } from './textKeys';

/** Tabler's "language" icon. */
const LANGUAGE_ICON = [
  'M4 5h7',
  'M9 3v2c0 4.418 -2.239 8 -5 8',
  'M5 9c0 2.144 2.952 3.908 6.7 4',
  'M12 20l4 -9l4 9',
  'M19.1 18h-6.2',
];

export type LanguageMenu = { element: HTMLElement; render: (locale: Locale, texts: LoginTexts) => void };

/**
 * The language picker as the web app shows it ("DE", named "DE Language: Deutsch" — visible text first,
 * docs/accessibility.md), as a disclosure: the button opens a list of the four languages, each named in its
 * own language; Escape, a click outside or moving the focus elsewhere closes it.
 */
export function languageMenu(onPick: (locale: Locale) => void): LanguageMenu {
  const code = document.createTextNode('');
  const current = h('span', { class: 'visually-hidden' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'language-button',
      'data-testid': 'language-picker',
      'aria-expanded': 'false',
      'aria-controls': 'language-list',
    },
    icon(LANGUAGE_ICON),
    code,
    current,
  );
  const options = LOCALES.map((locale) =>
    h(
      'button',
      { type: 'button', lang: locale, class: 'language-option', 'data-testid': `language-option-${locale}` },
      LANGUAGE_NAMES[locale],
    ),
  );
  const list = h(
    'ul',
    { id: 'language-list', class: 'language-list', hidden: '' },
    ...options.map((option) => h('li', {}, option)),
  );
  const element = h('div', { class: 'language' }, button, list);

  const setOpen = (open: boolean) => {
    list.hidden = !open;
    attr(button, 'aria-expanded', String(open));
  };
  button.addEventListener('click', () => setOpen(list.hidden));
  options.forEach((option, i) =>
    option.addEventListener('click', () => {
      setOpen(false);
      button.focus();
      const locale = LOCALES[i];
      if (locale) onPick(locale);
    }),
  );
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || list.hidden) return;
    setOpen(false);
    button.focus();
  });
  // The focus or a click landing elsewhere closes it (not focusout: some browsers do not focus a clicked button).
  for (const type of ['focusin', 'click'] as const) {
    document.addEventListener(type, (event) => {
      if (event.target instanceof Node && !element.contains(event.target)) setOpen(false);
    });
  }

  const render = (locale: Locale, texts: LoginTexts) => {
    code.data = locale.toUpperCase();
    current.textContent = ` ${format(texts.languageCurrent, { language: LANGUAGE_NAMES[locale] })}`;
    options.forEach((option, i) => attr(option, 'aria-current', LOCALES[i] === locale));
  };
  return { element, render };
}
