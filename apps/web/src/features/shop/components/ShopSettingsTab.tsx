import { useEffect, useState } from 'react';
import { Alert, Button, Group, List, Select, Stack, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { shopConfigRefusedSchema, type ShopConfigAdmin, type ShopConfigRefused } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { isApiError } from '../../../lib/api';
import { saveShopConfig, shopAdminKeys, useShopConfigAdmin } from '../admin/api';

const DEFAULT = 'default';

/** The problems of a refused config (the server's 400 answer), each with its line. */
type Problem = NonNullable<ShopConfigRefused['errors']>[number];

function problemsOf(error: unknown): Problem[] {
  if (!isApiError(error)) return [];
  const parsed = shopConfigRefusedSchema.safeParse(error.data);
  return parsed.success ? (parsed.data.errors ?? []) : [];
}

function versionOptions(data: ShopConfigAdmin | undefined, t: TFunction<'shop-admin'>) {
  const stored = (data?.versions ?? []).map((v) => ({
    value: String(v.id),
    label: `${t('settings.versionLabel', { id: v.id, date: new Date(v.createdAt).toLocaleString(), by: v.createdBy ?? '—' })}${v.id === data?.activeVersion ? ` ${t('settings.active')}` : ''}`,
  }));
  return [...stored, { value: DEFAULT, label: t('settings.defaultVersion') }];
}

/**
 * Settings tab "Shop" (admins): the shop configuration as YAML, any stored version to start from, and Save →
 * a new version, or every problem with its line (docs/shop.md "Active config").
 */
export default function ShopSettingsTab() {
  const { t } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [version, setVersion] = useState<number | null>(null);
  const config = useShopConfigAdmin(version);
  const [text, setText] = useState('');
  useEffect(() => {
    if (config.data) setText(config.data.message);
  }, [config.data]);
  const save = useMutation({
    mutationFn: () => saveShopConfig(text),
    onSuccess: async (answer) => {
      setVersion(answer.version);
      await queryClient.invalidateQueries({ queryKey: shopAdminKeys.all });
    },
  });
  const problems = problemsOf(save.error);
  const selected = version === null ? (config.data?.version ?? null) : version;

  return (
    <Stack data-testid="settings-tab-shop">
      <Title order={2}>{t('settings.title')}</Title>
      {config.isError && <LoadError />}
      <Select
        label={t('settings.version')}
        data={versionOptions(config.data, t)}
        value={selected === null ? DEFAULT : String(selected)}
        onChange={(value) => {
          save.reset();
          if (value === DEFAULT) setVersion(null);
          else if (value) setVersion(Number(value));
        }}
        allowDeselect={false}
        maw={480}
        data-testid="shop-config-version"
      />
      {config.isPending ? (
        <CenteredLoader />
      ) : (
        <Textarea
          label={t('settings.yaml')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={12}
          maxRows={40}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="shop-config-yaml"
        />
      )}
      {problems.length > 0 && (
        <Alert color="red" title={t('settings.errors')} data-testid="shop-config-errors">
          <List size="sm">
            {problems.map((p, i) => (
              <List.Item key={`${p.path}-${i}`} data-testid="shop-config-error">
                {p.line === null ? '' : `${t('settings.line', { line: p.line })}, `}
                {p.path ? `${p.path}: ` : ''}
                {p.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="shop-config-save">
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
