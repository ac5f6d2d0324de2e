import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopMode } from '@hivescope/contract';
import { stepPath, stepsOf, type ShopStep } from '../steps';

/**
 * The steps as links (any step may be opened; the order is checked on the last step). A wrapping list
 * rather than a horizontal stepper, so six steps fit a phone's width.
 */
export function StepNav({ mode, current }: { mode: ShopMode; current: ShopStep | null }) {
  const { t } = useTranslation('shop');
  const steps = stepsOf(mode);
  return (
    <nav aria-label={t('ui.stepsLabel')} data-testid="shop-steps">
      <Group component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} wrap="wrap">
        {steps.map((step, index) => {
          const active = step === current;
          return (
            <li key={step}>
              <Anchor
                component={Link}
                to={stepPath(mode, step)}
                aria-current={active ? 'step' : undefined}
                fw={active ? 700 : 400}
                underline={active ? 'always' : 'hover'}
                data-testid={`shop-step-link-${step}`}
              >
                <Text span inherit>
                  {t('ui.stepNumbered', { number: index + 1, name: t(`ui.step.${step}`) })}
                </Text>
              </Anchor>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
