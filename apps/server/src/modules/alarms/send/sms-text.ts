import { gsm7Length, toGsm7, truncateGsm7, type Locale } from '@hivescope/contract';
import { translate } from '../../../i18n';

/** One SMS: 160 GSM-7 characters (docs/alarms.md "Sending"). */
export const SMS_MAX = 160;
/** With the link, each name keeps at least this many characters; otherwise the link is left out. */
const MIN_NAME_WITH_LINK = 16;
/** Names are never cut below this (when they are longer). */
const MIN_NAME = 4;

type Names = { scale: string; controller: string };
/** Stand-ins for the names while the template is rendered (private-use characters, never in a text). */
const MARKS: Record<keyof Names, string> = { scale: '\uE000', controller: '\uE001' };
type Piece = { text: string } | { name: keyof Names };

/** The template's literal pieces (in GSM-7) and its name slots, in order. */
function pieces(locale: Locale, key: string, params: Record<string, unknown>): Piece[] {
  const template = translate(locale, key, { ...params, scale: MARKS.scale, controller: MARKS.controller });
  return template
    .split(/([\uE000\uE001])/)
    .filter((p) => p !== '')
    .map((p) =>
      p === MARKS.scale
        ? { name: 'scale' }
        : p === MARKS.controller
          ? { name: 'controller' }
          : { text: toGsm7(p) },
    );
}

/**
 * The largest cap per name so that all names fit `budget` characters, no name cut below `floor` (or its
 * own length); null when even the floors do not fit.
 */
export function nameCaps(lengths: number[], budget: number, floor: number): number[] | null {
  const floors = lengths.map((n) => Math.min(n, floor));
  if (floors.reduce((a, b) => a + b, 0) > budget) return null;
  if (lengths.reduce((a, b) => a + b, 0) <= budget) return lengths;
  for (let cap = Math.max(...lengths); cap >= floor; cap--) {
    const caps = lengths.map((n, i) => Math.max(Math.min(n, cap), floors[i] ?? 0));
    if (caps.reduce((a, b) => a + b, 0) <= budget) return caps;
  }
  return floors;
}

/**
 * Renders an SMS template whose `{{scale}}` / `{{controller}}` are free text: everything is mapped onto GSM-7,
 * the names are shortened until the text fits `max`, and `link` is appended when it fits with names of a
 * readable length. The other parameters (type, time, change) are never shortened.
 */
export function fitSms(
  locale: Locale,
  key: string,
  params: Record<string, unknown>,
  names: Names,
  link: string | null,
  max = SMS_MAX,
): string {
  const parts = pieces(locale, key, params);
  const clean = {
    scale: toGsm7(names.scale.replace(/\s+/g, ' ').trim()),
    controller: toGsm7(names.controller.replace(/\s+/g, ' ').trim()),
  };
  const slots = parts.flatMap((p) => ('name' in p ? [clean[p.name]] : []));
  const fixed = parts.reduce((n, p) => n + ('text' in p ? gsm7Length(p.text) : 0), 0);
  const lengths = slots.map(gsm7Length);
  const render = (caps: number[]) => {
    let i = 0;
    return parts.map((p) => ('text' in p ? p.text : truncateGsm7(clean[p.name], caps[i++] ?? 0))).join('');
  };
  if (link) {
    const caps = nameCaps(lengths, max - fixed - 1 - gsm7Length(link), MIN_NAME_WITH_LINK);
    if (caps) return `${render(caps)} ${link}`;
  }
  const caps = nameCaps(lengths, max - fixed, MIN_NAME) ?? nameCaps(lengths, max - fixed, 1);
  // a template too long for any name would be a translation error: cut rather than send two SMS
  return truncateGsm7(render(caps ?? lengths.map(() => 0)), max);
}

/** A plain SMS text (no free names) in GSM-7, cut to one SMS. */
export function smsText(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  return truncateGsm7(toGsm7(translate(locale, key, params)), SMS_MAX);
}
