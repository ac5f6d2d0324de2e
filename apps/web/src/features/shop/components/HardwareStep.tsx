import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  addScaleLine,
  PLATE_PRODUCTION_WEEKS,
  removeScaleLine,
  setCartAmount,
  SHOP_MAX_SCALE_LINES,
  updateScaleLine,
  type ShopCatalogue,
  type ShopMode,
  type ShopScaleLine,
  type ShopScaleProductInfo,
} from '@hivescope/contract';
import { clampPlateSide } from '../format';
import { useShopCart } from '../useShopCart';
import { AmountInput } from './AmountInput';
import { ProductRow } from './ProductRow';
import { StepButtons } from './StepButtons';

type Side = 'width' | 'length';
type Range = { min: number; max: number; default: number };

/**
 * A plate side in mm. Typing passes through values outside the range ("4" on the way to "450"), so the text
 * is kept here and only a value within the range goes to the cart; leaving the field brings it into range.
 */
function PlateInput({
  label,
  value,
  range,
  onCommit,
  testId,
}: {
  label: (range: Range) => string;
  value: number;
  range: Range;
  onCommit: (value: number) => void;
  testId: string;
}) {
  const [text, setText] = useState<string | number>(value);
  useEffect(() => setText(value), [value]);
  return (
    <NumberInput
      label={label(range)}
      value={text}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      w={170}
      onChange={(v) => {
        setText(v);
        const n = typeof v === 'number' ? v : Number.NaN;
        if (Number.isInteger(n) && n >= range.min && n <= range.max) onCommit(n);
      }}
      onBlur={() => {
        const n = clampPlateSide(text, range);
        setText(n);
        onCommit(n);
      }}
      data-testid={testId}
    />
  );
}

/** One scale line: amount and the plate's sides within the product's range, and removing it. */
function ScaleLine({
  lineId,
  line,
  product,
}: {
  lineId: string;
  line: ShopScaleLine;
  product: ShopScaleProductInfo | undefined;
}) {
  const { t } = useTranslation('shop');
  const [, update] = useShopCart();
  const side = (name: Side) => (
    <PlateInput
      label={(range) => t(`ui.hardware.${name}`, { min: range.min, max: range.max })}
      value={line.plate[name]}
      range={product?.plate[name] ?? { min: 1, max: 10_000, default: line.plate[name] }}
      onCommit={(n) => update((c) => updateScaleLine(c, lineId, { plate: { ...line.plate, [name]: n } }))}
      testId={`shop-scale-${lineId}-${name}`}
    />
  );
  return (
    <Card withBorder padding="sm" data-testid={`shop-scale-line-${lineId}`}>
      <Text fw={600} mb="xs">
        {product?.name ?? line.product}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <AmountInput
          label={t('ui.amount')}
          value={line.amount}
          onChange={(amount) => update((c) => updateScaleLine(c, lineId, { amount }))}
          testId={`shop-scale-${lineId}-amount`}
        />
        {side('width')}
        {side('length')}
        <Button
          variant="subtle"
          color="red"
          onClick={() => update((c) => removeScaleLine(c, lineId))}
          data-testid={`shop-scale-${lineId}-remove`}
        >
          {t('ui.hardware.removeScale', { name: product?.name ?? line.product })}
        </Button>
      </Group>
    </Card>
  );
}

/** Step "hardware/scales": transmitters, scales (each line with its own plate) and accessories. */
export function HardwareStep({ mode, catalogue }: { mode: ShopMode; catalogue: ShopCatalogue }) {
  const { t } = useTranslation('shop');
  const [cart, update] = useShopCart();
  const lines = Object.entries(cart.scales);
  const full = lines.length >= SHOP_MAX_SCALE_LINES;
  const productOf = (id: string) => catalogue.scales.find((s) => s.id === id);

  return (
    <Stack>
      <Title order={2}>{t('ui.step.hardware')}</Title>
      <Title order={3} size="h4">
        {t('ui.hardware.transmitters')}
      </Title>
      {catalogue.transmitters.map((product) => (
        <ProductRow key={product.id} product={product}>
          <AmountInput
            label={t('ui.amount')}
            value={cart.controllers[product.id] ?? 0}
            onChange={(n) => update((c) => setCartAmount(c, 'controllers', product.id, n))}
            testId={`shop-amount-${product.id}`}
          />
        </ProductRow>
      ))}
      <Title order={3} size="h4">
        {t('ui.hardware.scales')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ui.hardware.plateHint', PLATE_PRODUCTION_WEEKS)}
      </Text>
      {catalogue.scales.map((product) => (
        <ProductRow key={product.id} product={product}>
          <Button
            variant="light"
            disabled={full}
            onClick={() =>
              update(
                (c) =>
                  addScaleLine(c, product.id, {
                    width: product.plate.width.default,
                    length: product.plate.length.default,
                  }).cart,
              )
            }
            data-testid={`shop-add-scale-${product.id}`}
          >
            {t('ui.hardware.addScale', { name: product.name })}
          </Button>
        </ProductRow>
      ))}
      {lines.map(([lineId, line]) => (
        <ScaleLine key={lineId} lineId={lineId} line={line} product={productOf(line.product)} />
      ))}
      <Title order={3} size="h4">
        {t('ui.hardware.accessories')}
      </Title>
      {catalogue.accessories.map((product) => (
        <ProductRow key={product.id} product={product}>
          <AmountInput
            label={t('ui.amount')}
            value={cart.accessories[product.id] ?? 0}
            onChange={(n) => update((c) => setCartAmount(c, 'accessories', product.id, n))}
            testId={`shop-amount-${product.id}`}
          />
        </ProductRow>
      ))}
      <StepButtons mode={mode} step="hardware" />
    </Stack>
  );
}
