import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  testId: string;
};

/** "Really …?" before an action that cannot be undone (remove, delete): the texts come from the caller. */
export function ConfirmModal(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} data-testid={props.testId}>
      <Stack>
        {props.text && <Text size="sm">{props.text}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-testid={`${props.testId}-cancel`}>
            {props.cancelLabel}
          </Button>
          <Button
            color="red"
            loading={props.loading}
            onClick={props.onConfirm}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
