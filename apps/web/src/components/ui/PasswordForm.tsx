import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerFields, zodResolver } from '../../lib/form';
import { hashPasswords } from '../../lib/hash';
import { PasswordField } from './PasswordField';

export type PasswordFieldSpec<K extends string> = {
  name: K;
  purpose: 'current' | 'new';
  label: string;
  testId: string;
};

/**
 * A form of password fields only (reset, change): checked by `schema`, every field sent as its SHA-256
 * digest (`send`); the server's field messages show under the fields. `onDone` gets the form's reset.
 */
export function PasswordForm<K extends string>(props: {
  schema: z.ZodType;
  fields: PasswordFieldSpec<K>[];
  send: (digests: Record<K, string>) => Promise<unknown>;
  onDone: (reset: () => void) => void;
  testId: string;
  submit: { label: string; testId: string; end?: boolean };
}) {
  const { t } = useTranslation();
  const names = props.fields.map((f) => f.name);
  const form = useForm<Record<K, string>>({
    initialValues: Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>,
    validate: zodResolver(props.schema, t),
  });
  const mutation = useMutation({
    mutationFn: async (values: Record<K, string>) => props.send(await hashPasswords(values, names)),
    onSuccess: () => props.onDone(() => form.reset()),
    onError: (error) => applyServerFields(error, form.setErrors),
  });
  const button = (
    <Button type="submit" loading={mutation.isPending} data-testid={props.submit.testId}>
      {props.submit.label}
    </Button>
  );

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate data-testid={props.testId}>
      <Stack>
        {props.fields.map((f) => (
          <PasswordField
            key={f.name}
            purpose={f.purpose}
            label={f.label}
            testId={f.testId}
            {...form.getInputProps(f.name)}
          />
        ))}
        {props.submit.end ? <Group justify="flex-end">{button}</Group> : button}
      </Stack>
    </form>
  );
}
