import type { FormErrors } from '@mantine/form';
import { controllerRegistrationSchema, type ControllerRegistrationInput } from '@hivescope/contract';
import { normaliseDigits } from '../../lib/deviceIds';
import { toLocation, type CoordinateInput } from '../../lib/location';
import { emptyChannelRows, toChannelSetup, type ChannelRow } from './channelSetup';
import type { Translate } from '../../lib/form';

/** The transmitter registration form as typed. */
export type TransmitterFormValues = {
  imsi: string;
  imei: string;
  name: string;
  lat: CoordinateInput;
  lng: CoordinateInput;
  /** '1'…'6' hours, or null to keep the transmitter's current interval. */
  updateInterval: string | null;
  channels: ChannelRow[];
};

export function initialTransmitterValues(): TransmitterFormValues {
  return {
    imsi: '',
    imei: '',
    name: '',
    lat: '',
    lng: '',
    updateInterval: null,
    channels: emptyChannelRows(),
  };
}

/** The POST registration/controller body; empty optional fields are left out (the server keeps its values). */
export function toRegistrationBody(values: TransmitterFormValues): ControllerRegistrationInput {
  const location = toLocation(values.lat, values.lng);
  const { channelConfig, channels } = toChannelSetup(values.channels);
  return {
    imsi: normaliseDigits(values.imsi),
    imei: normaliseDigits(values.imei),
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    ...(location && location !== 'invalid' ? { location } : {}),
    ...(values.updateInterval ? { updateInterval: Number(values.updateInterval) } : {}),
    ...(channels.length > 0 ? { channelConfig } : {}),
    channels,
  };
}

/**
 * A path of the request body ("channels.0.name", "channelConfig.2.cells") as a path of the form: the body
 * lists only used channels, the form has a row per channel (row index = channel − 1). Errors of the whole
 * setup (too many load cells, combined channels) go to "channelSetup".
 */
export function bodyPathToFormPath(path: string, body: ControllerRegistrationInput): string {
  const [head, index, field] = path.split('.');
  if (head === 'channels' || head === 'channelConfig') {
    const list: readonly { channel: number }[] =
      head === 'channels' ? (body.channels ?? []) : (body.channelConfig ?? []);
    const entry = index === undefined ? undefined : list[Number(index)];
    if (!entry || field === undefined || field === 'channel' || field === 'combinedWith')
      return 'channelSetup';
    return `channels.${entry.channel - 1}.${field === 'type' || field === 'kind' ? 'kind' : field}`;
  }
  if (head === 'location') return 'location';
  return path;
}

/** Mantine `validate`: the contract's rules, shown on the fields of the form. */
export function validateTransmitterForm(values: TransmitterFormValues, t: Translate): FormErrors {
  const errors: FormErrors = {};
  if (toLocation(values.lat, values.lng) === 'invalid') errors['location'] = t('errors:invalidLocation');
  const body = toRegistrationBody(values);
  const result = controllerRegistrationSchema.safeParse(body);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = bodyPathToFormPath(issue.path.map(String).join('.'), body);
    errors[path] ??= t(issue.message.startsWith('errors:') ? issue.message : 'errors:fieldRequired');
  }
  return errors;
}
