import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api';
import { codeKeys } from './api';

/** Form pieces of the code tabs' create and edit forms (docs/shop.md "Codes"). */

/** The server's message under the field it concerns (a refused save). */
export const fieldErrorOf = (error: unknown, name: string) =>
  isApiError(error) ? error.fields?.[name] : undefined;

/**
 * A create or edit of a code: on success every code list and code is read again, then `onDone`;
 * `error(field)` is the server's message for that field.
 */
export function useCodeMutation<R>(mutationFn: () => Promise<R>, onDone?: (result: R) => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
      onDone?.(result);
    },
  });
  return { mutation, error: (name: string) => fieldErrorOf(mutation.error, name) };
}

/** A day of a validity (`YYYY-MM-DD`, the browser's date picker). */
export function DayInput(props: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  error?: string | undefined;
  testId: string;
}) {
  return (
    <TextInput
      type="date"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      data-testid={props.testId}
    />
  );
}

type Day = [string, (day: string) => void];

/** First and last day of a validity; test ids `<testId>-from` and `<testId>-until`. */
export function DayRange(props: {
  from: Day;
  until: Day;
  error: (name: string) => string | undefined;
  testId: string;
}) {
  const { t } = useTranslation('shop-admin');
  return (
    <>
      <DayInput
        label={t('codes.ui.validFrom')}
        value={props.from[0]}
        onChange={props.from[1]}
        error={props.error('validFrom')}
        testId={`${props.testId}-from`}
      />
      <DayInput
        label={t('codes.ui.validUntil')}
        value={props.until[0]}
        onChange={props.until[1]}
        error={props.error('validUntil')}
        testId={`${props.testId}-until`}
      />
    </>
  );
}

/** A whole number of a code (uses, years, days); '' while the field is empty. */
export function CountInput(props: {
  label: string;
  value: number | string;
  onChange: (value: number | string) => void;
  min: number;
  max?: number;
  error: string | undefined;
  testId: string;
}) {
  return (
    <NumberInput
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      allowDecimal={false}
      min={props.min}
      {...(props.max !== undefined ? { max: props.max } : {})}
      error={props.error}
      data-testid={props.testId}
    />
  );
}

/** The button that sends a code form, with the mutation's pending state. */
export function SubmitButton(props: {
  mutation: { mutate: () => void; isPending: boolean };
  label: string;
  testId: string;
  end?: boolean;
}) {
  return (
    <Group {...(props.end ? { justify: 'flex-end' } : {})}>
      <Button
        onClick={() => props.mutation.mutate()}
        loading={props.mutation.isPending}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
    </Group>
  );
}
