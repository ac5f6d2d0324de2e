import {
  NOTICE_MAX_CHARS,
  NOTICE_SMS_MAX_CHARS,
  NOTICE_SMS_MAX_PARTS,
  noticeCreateSchema,
  smsSize,
  type ChannelType,
  type NoticeCreate,
} from '@hivescope/contract';

/** What the notice form holds: region ids as the multi-select's strings, the admin's affiliation choice. */
export type NoticeFormValues = {
  /** admins only: the affiliation sent for ('none': without one); managers always their own */
  affiliation: string | null;
  regionIds: string[];
  channelTypes: ChannelType[];
  message: string;
};

export type NoticeField = 'regionIds' | 'channelTypes' | 'message';
/** i18n keys ("errors:…") per field. */
export type NoticeErrors = Partial<Record<NoticeField, string>>;

const FIELDS: readonly NoticeField[] = ['regionIds', 'channelTypes', 'message'];
const isField = (value: unknown): value is NoticeField => FIELDS.includes(value as NoticeField);

/**
 * The request body, or the errors of each field, by the contract's schema (the server applies the same:
 * docs/notices.md "Message").
 */
export function noticeBody(
  values: NoticeFormValues,
  admin: boolean,
): { body: NoticeCreate } | { errors: NoticeErrors } {
  const affiliationId =
    !admin || values.affiliation === null
      ? undefined
      : values.affiliation === 'none'
        ? null
        : Number(values.affiliation);
  const parsed = noticeCreateSchema.safeParse({
    ...(affiliationId === undefined ? {} : { affiliationId }),
    regionIds: values.regionIds.map(Number),
    channelTypes: values.channelTypes,
    message: values.message,
  });
  if (parsed.success) return { body: parsed.data };
  const errors: NoticeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field))
      errors[field] ??= issue.message.startsWith('errors:') ? issue.message : 'errors:fieldRequired';
  }
  return { errors };
}

/** The live counter under the message: characters (and SMS parts when SMS is chosen) against the limit. */
export type Counter = {
  key: 'counter.mail' | 'counter.sms';
  params: { chars: number; max: number; parts?: number; maxParts?: number };
  over: boolean;
  /** some characters are replaced in the SMS */
  replaced: boolean;
};

export function counterOf(message: string, types: readonly ChannelType[]): Counter {
  const text = message.trim();
  if (!types.includes('sms')) {
    const chars = text.length;
    return {
      key: 'counter.mail',
      params: { chars, max: NOTICE_MAX_CHARS },
      over: chars > NOTICE_MAX_CHARS,
      replaced: false,
    };
  }
  const size = smsSize(text);
  return {
    key: 'counter.sms',
    params: {
      chars: size.chars,
      max: NOTICE_SMS_MAX_CHARS,
      parts: size.parts,
      maxParts: NOTICE_SMS_MAX_PARTS,
    },
    over: size.chars > NOTICE_SMS_MAX_CHARS || text.length > NOTICE_MAX_CHARS,
    replaced: size.replaced,
  };
}
