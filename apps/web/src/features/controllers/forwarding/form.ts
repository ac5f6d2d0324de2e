import type { FormErrors } from '@mantine/form';
import {
  forwardingCreateSchema,
  type Forwarding,
  type ForwardingCreate,
  type ForwardingKind,
} from '@hivescope/contract';
import { issuesToErrors, type Translate } from '../../../lib/form';
import { toNumber, type NumberField } from '../forms';

/** The add form holds every kind's fields; only the chosen kind's are sent. */
export type ForwardingFormValues = {
  kind: ForwardingKind;
  email: string;
  url: string;
  host: string;
  port: NumberField;
  user: string;
  password: string;
  directory: string;
  secure: boolean;
};

export const FTP_DEFAULT_PORT = 21;

export function emptyForwardingForm(kind: ForwardingKind = 'email'): ForwardingFormValues {
  return {
    kind,
    email: '',
    url: '',
    host: '',
    port: FTP_DEFAULT_PORT,
    user: '',
    password: '',
    directory: '',
    secure: false,
  };
}

/** The request body of the chosen kind (before the contract's check): other kinds' fields are left out. */
export function toForwardingInput(values: ForwardingFormValues): Record<string, unknown> {
  switch (values.kind) {
    case 'email':
      return { kind: 'email', email: values.email.trim() };
    case 'http':
      return { kind: 'http', url: values.url.trim() };
    case 'ftp':
      return {
        kind: 'ftp',
        host: values.host,
        port: toNumber(values.port),
        user: values.user,
        password: values.password,
        directory: values.directory,
        secure: values.secure,
      };
  }
}

const KIND_FIELDS = {
  email: ['email'],
  http: ['url'],
  ftp: ['host', 'port', 'user', 'password', 'directory', 'secure'],
} as const satisfies Record<ForwardingKind, ReadonlyArray<keyof ForwardingFormValues>>;

/** The fields the form shows for a kind (and sends). */
export function fieldsOfKind(kind: ForwardingKind): ReadonlyArray<keyof ForwardingFormValues> {
  return KIND_FIELDS[kind];
}

/** The contract's check of the body, as form errors under the fields (same names as the body's). */
export function validateForwardingForm(values: ForwardingFormValues, t: Translate): FormErrors {
  const result = forwardingCreateSchema.safeParse(toForwardingInput(values));
  return result.success ? {} : issuesToErrors(result.error.issues, t);
}

/** The body to send; throws when the form was not validated first. */
export function toForwardingCreate(values: ForwardingFormValues): ForwardingCreate {
  return forwardingCreateSchema.parse(toForwardingInput(values));
}

/** How the last delivery went: `failing` while the last try's error stands, `pending` before the first one. */
export type DeliveryState = 'delivered' | 'failing' | 'pending';

export function deliveryState(f: Pick<Forwarding, 'lastSuccessAt' | 'lastError'>): DeliveryState {
  if (f.lastError) return 'failing';
  return f.lastSuccessAt ? 'delivered' : 'pending';
}
