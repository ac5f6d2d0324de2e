import { useState, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

type Mutation<V> = {
  mutate: (value: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

export type InlineField = {
  text: string;
  change: (text: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
  submit: () => void;
  pending: boolean;
};

/**
 * The one field of an inline form and its message: `submit` checks the text (`check` returns the value to
 * send or a message), sends it, and empties the field once the server took it; the server's refusal shows
 * under the field. Typing clears the message.
 */
export function useInlineField<V>(
  check: (text: string) => { value: V } | { error: string },
  mutation: Mutation<V>,
): InlineField {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const checked = check(text);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    mutation.mutate(checked.value, { onSuccess: () => setText(''), onError: (e) => setError(e.message) });
  };
  const change = (value: string) => {
    setText(value);
    setError(null);
  };
  return { text, change, error, setError, submit, pending: mutation.isPending };
}

/**
 * A one-line form (fields, then the submit button level with the inputs): the page does not reload and the
 * browser's own validation is off (the form checks the values itself).
 */
export function InlineForm(props: {
  field: Pick<InlineField, 'submit' | 'pending'>;
  testId: string;
  children: ReactNode;
  button: { label: string; icon: ReactNode; testId: string };
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.field.submit();
      }}
      noValidate
      data-testid={props.testId}
    >
      <Group align="flex-start">
        {props.children}
        <Button
          type="submit"
          mt={{ base: 0, xs: 46 }}
          leftSection={props.button.icon}
          loading={props.field.pending}
          data-testid={props.button.testId}
        >
          {props.button.label}
        </Button>
      </Group>
    </form>
  );
}
