import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopMode } from '@hivescope/contract';
import { neighbours, stepPath, type ShopStep } from '../steps';

/** Back and next under a step; `onNext` may refuse (false) to keep the customer on the step. */
export function StepButtons({
  mode,
  step,
  onNext,
  nextDisabled,
}: {
  mode: ShopMode;
  step: ShopStep;
  onNext?: () => boolean;
  nextDisabled?: boolean;
}) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const { previous, next } = neighbours(mode, step);
  return (
    <Group justify="space-between" mt="lg">
      {previous ? (
        <Button
          variant="default"
          onClick={() => void navigate(stepPath(mode, previous))}
          data-testid="shop-back"
        >
          {t('ui.back')}
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button
          disabled={nextDisabled}
          onClick={() => {
            if (!onNext || onNext()) void navigate(stepPath(mode, next));
          }}
          data-testid="shop-next"
        >
          {t('ui.next')}
        </Button>
      )}
    </Group>
  );
}
