import { Card, Container, Image, Stack } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectIsLoggedIn } from '../../../app/store/selectors';
import { useBrand } from '../../../app/store/useBrand';
import { safeFrom } from '../../../lib/redirect';
import { LoginForm } from '../components/LoginForm';

/** "/" — login; afterwards /dashboard or the (same-origin) `from` path. */
export default function LoginPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const target = safeFrom(params.get('from'));

  if (loggedIn) return <Navigate to={target} replace />;
  return (
    <Container size="xs" py="xl">
      <Stack align="center" mb="md">
        <Image src={brand.logo} alt={brand.name} w={72} h={72} />
      </Stack>
      <Card withBorder padding="lg">
        <PageTitle>{t('common:screens.login')}</PageTitle>
        <LoginForm onLoggedIn={() => navigate(target, { replace: true })} />
      </Card>
    </Container>
  );
}
