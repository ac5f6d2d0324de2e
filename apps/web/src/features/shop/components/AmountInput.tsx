import { NumberInput } from '@mantine/core';
import { SHOP_MAX_AMOUNT } from '@hivescope/contract';

/** A whole amount from 0 to SHOP_MAX_AMOUNT; an emptied field counts as 0. */
export function AmountInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  onChange: (amount: number) => void;
  testId: string;
}) {
  return (
    <NumberInput
      label={label}
      value={value}
      min={0}
      max={SHOP_MAX_AMOUNT}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      w={120}
      onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
      data-testid={testId}
    />
  );
}
