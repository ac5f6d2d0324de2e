import { ActionIcon, Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_SERIES,
  GRASSLAND_SERIES,
  TIMELINE_WEATHER_SERIES,
  type Controller,
  type ControllerSeriesName,
  type Scale,
} from '@hivescope/contract';
import { isVisible, type ChartState, type SeriesKey } from '../chartState';
import { seriesOfScale } from '../scaleSeries';

export type ListActions = {
  /** show or hide a series of a controller's scale or of the controller */
  toggle: (key: SeriesKey, visible: boolean, controller: Controller) => void;
  /** a scale's checkbox: on shows its weight, off hides all its series */
  toggleScale: (scale: Scale, visible: boolean, controller: Controller) => void;
  expand: (controllerId: number, open: boolean) => void;
};

const CONTROLLER_GROUPS: { key: string; series: readonly ControllerSeriesName[] }[] = [
  { key: 'groupDevice', series: DEVICE_SERIES },
  { key: 'groupWeather', series: [...TIMELINE_WEATHER_SERIES, GRASSLAND_SERIES[0]] },
  { key: 'groupChip', series: [GRASSLAND_SERIES[1]] },
];

function ScaleSeries({ scale, controller, state, actions }: ItemProps & { scale: Scale }) {
  const { t } = useTranslation('timeline');
  return (
    <Group gap="sm" pl="lg" data-testid={`scale-series-${scale.idscale}`}>
      {seriesOfScale(scale.type).map((series) => {
        const key: SeriesKey = { kind: 'scale', id: scale.idscale, series };
        return (
          <Checkbox
            key={series}
            size="xs"
            label={t(`series.${series}`)}
            checked={isVisible(state, key)}
            onChange={(e) => actions.toggle(key, e.currentTarget.checked, controller)}
            data-testid={`series-s${scale.idscale}-${series}`}
          />
        );
      })}
    </Group>
  );
}

function ControllerSeries({ controller, state, actions }: ItemProps) {
  const { t } = useTranslation('timeline');
  return (
    <Stack gap={4}>
      {CONTROLLER_GROUPS.map((group) => (
        <div key={group.key}>
          <Text size="xs" fw={600} c="dimmed">
            {t(group.key)}
          </Text>
          <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
            {group.series.map((series) => {
              const key: SeriesKey = { kind: 'controller', id: controller.id, series };
              return (
                <Checkbox
                  key={series}
                  size="xs"
                  label={t(`series.${series}`)}
                  checked={isVisible(state, key)}
                  onChange={(e) => actions.toggle(key, e.currentTarget.checked, controller)}
                  data-testid={`series-c${controller.id}-${series}`}
                />
              );
            })}
          </SimpleGrid>
        </div>
      ))}
    </Stack>
  );
}

type ItemProps = { controller: Controller; state: ChartState; actions: ListActions };

function ControllerItem({ controller, state, actions }: ItemProps) {
  const { t } = useTranslation('timeline');
  const open = state.expanded.includes(controller.id);
  const scaleShown = (s: Scale) => state.series.some((k) => k.kind === 'scale' && k.id === s.idscale);
  return (
    <Paper withBorder p="sm" data-testid={`timeline-controller-${controller.id}`}>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-expanded={open}
          aria-label={t(open ? 'collapse' : 'expand', { name: controller.name })}
          onClick={() => actions.expand(controller.id, !open)}
          data-testid={`timeline-expand-${controller.id}`}
        >
          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </ActionIcon>
        <Text fw={600} style={{ flex: 1 }}>
          {controller.name}
        </Text>
        {controller.readOnly && (
          <Badge variant="light" color="gray" data-testid={`timeline-readonly-${controller.id}`}>
            {t('readOnly')}
          </Badge>
        )}
      </Group>
      <Stack gap={6} mt="xs">
        {controller.scales.map((scale) => (
          <Stack key={scale.idscale} gap={4}>
            <Checkbox
              label={scale.name}
              checked={scaleShown(scale)}
              onChange={(e) => actions.toggleScale(scale, e.currentTarget.checked, controller)}
              data-testid={`timeline-scale-${scale.idscale}`}
            />
            {open && <ScaleSeries scale={scale} controller={controller} state={state} actions={actions} />}
          </Stack>
        ))}
        {controller.scales.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('noScales')}
          </Text>
        )}
      </Stack>
      {open && (
        <Stack mt="sm">
          <ControllerSeries controller={controller} state={state} actions={actions} />
        </Stack>
      )}
    </Paper>
  );
}

/** The person's own and watched controllers with their scales and series to tick. */
export function ControllerList({
  controllers,
  state,
  actions,
}: {
  controllers: Controller[];
  state: ChartState;
  actions: ListActions;
}) {
  const { t } = useTranslation('timeline');
  return (
    <Stack gap="sm" data-testid="timeline-controllers">
      <Title order={2} size="h4">
        {t('controllersHeading')}
      </Title>
      {controllers.map((c) => (
        <ControllerItem key={c.id} controller={c} state={state} actions={actions} />
      ))}
    </Stack>
  );
}
