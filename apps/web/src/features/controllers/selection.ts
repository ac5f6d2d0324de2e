import type { Controller } from '@hivescope/contract';

/**
 * The parts of one controller's settings, each a form of its own with one save action
 * (docs/decisions.md, "Controller settings, one part at a time"). `?section=<id>` selects one.
 */
export const CONTROLLER_SECTIONS = ['general', 'loadCells', 'scales', 'forwarding'] as const;
export type ControllerSection = (typeof CONTROLLER_SECTIONS)[number];

export function toControllerSection(value: string | null): ControllerSection {
  return CONTROLLER_SECTIONS.find((section) => section === value) ?? 'general';
}

/** The controller `?controller=<id>` names among the own ones, else the first (null: none owned). */
export function pickController(own: readonly Controller[], value: string | null): Controller | null {
  return own.find((c) => String(c.id) === value) ?? own[0] ?? null;
}
