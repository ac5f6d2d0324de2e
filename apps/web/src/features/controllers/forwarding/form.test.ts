import { describe, expect, it } from 'vitest';
import {
  deliveryState,
  emptyForwardingForm,
  fieldsOfKind,
  toForwardingCreate,
  toForwardingInput,
  validateForwardingForm,
  type ForwardingFormValues,
} from './form';

const t = (key: string) => key;
const values = (patch: Partial<ForwardingFormValues>): ForwardingFormValues => ({
  ...emptyForwardingForm(),
  ...patch,
});

describe('forwarding add form', () => {
  it('sends only the chosen kind’s fields', () => {
    const filled = values({
      email: ' report@example.org ',
      url: 'https://example.org/hook',
      host: 'ftp.example.org',
      user: 'bee',
      password: 'secret',
    });
    expect(toForwardingInput({ ...filled, kind: 'email' })).toEqual({
      kind: 'email',
      email: 'report@example.org',
    });
    expect(toForwardingInput({ ...filled, kind: 'http' })).toEqual({
      kind: 'http',
      url: 'https://example.org/hook',
    });
    expect(
      toForwardingCreate({ ...filled, kind: 'ftp', port: '2121', directory: 'in', secure: true }),
    ).toEqual({
      kind: 'ftp',
      host: 'ftp.example.org',
      port: 2121,
      user: 'bee',
      password: 'secret',
      directory: 'in',
      secure: true,
    });
  });

  it('accepts a valid form of each kind', () => {
    expect(validateForwardingForm(values({ kind: 'email', email: 'a@example.org' }), t)).toEqual({});
    expect(validateForwardingForm(values({ kind: 'http', url: 'https://example.org/hook' }), t)).toEqual({});
    expect(
      validateForwardingForm(
        values({ kind: 'ftp', host: 'ftp.example.org', user: 'bee', password: 'secret' }),
        t,
      ),
    ).toEqual({});
  });

  it('puts the contract’s message under the field that is wrong', () => {
    expect(validateForwardingForm(values({ kind: 'email', email: 'not-an-address' }), t)).toEqual({
      email: 'errors:invalidEmail',
    });
    expect(validateForwardingForm(values({ kind: 'http', url: 'example.org/hook' }), t)).toEqual({
      url: 'errors:forwardingUrlInvalid',
    });
    // a URL with credentials would put them into the list: refused
    expect(validateForwardingForm(values({ kind: 'http', url: 'https://u:p@example.org/' }), t)).toEqual({
      url: 'errors:forwardingUrlInvalid',
    });
    expect(validateForwardingForm(values({ kind: 'http', url: 'ftp://example.org/' }), t)).toEqual({
      url: 'errors:forwardingUrlInvalid',
    });
    const ftp = validateForwardingForm(
      values({ kind: 'ftp', host: 'bad host!', port: '', user: '', password: '', directory: '../up' }),
      t,
    );
    expect(ftp).toEqual({
      host: 'errors:forwardingHostInvalid',
      port: 'errors:fieldRequired',
      user: 'errors:fieldRequired',
      password: 'errors:fieldRequired',
      directory: 'errors:forwardingDirectoryInvalid',
    });
  });

  it('the other kinds’ fields do not block the chosen one', () => {
    const form = values({ kind: 'email', email: 'a@example.org', url: 'nonsense', host: 'bad host!' });
    expect(validateForwardingForm(form, t)).toEqual({});
  });

  it('names each kind’s fields: exactly the keys its body has besides the kind', () => {
    const filled = values({
      email: 'a@example.org',
      url: 'https://example.org/',
      host: 'h',
      user: 'u',
      password: 'p',
    });
    for (const kind of ['email', 'http', 'ftp'] as const) {
      const body = Object.keys(toForwardingInput({ ...filled, kind })).filter((k) => k !== 'kind');
      expect([...fieldsOfKind(kind)].sort()).toEqual(body.sort());
    }
  });

  it('starts on the given kind with port 21 and without FTPS', () => {
    expect(emptyForwardingForm('ftp')).toMatchObject({ kind: 'ftp', port: 21, secure: false, password: '' });
  });
});

describe('last delivery state', () => {
  it('is failing while the last try’s error stands, delivered after a success, pending before any', () => {
    expect(deliveryState({ lastSuccessAt: null, lastError: null })).toBe('pending');
    expect(deliveryState({ lastSuccessAt: '2026-05-01T10:00:00Z', lastError: null })).toBe('delivered');
    expect(deliveryState({ lastSuccessAt: '2026-05-01T10:00:00Z', lastError: 'timeout' })).toBe('failing');
    expect(deliveryState({ lastSuccessAt: null, lastError: 'refused' })).toBe('failing');
  });
});
