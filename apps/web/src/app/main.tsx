import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/queryClient';
import { toastError, toastSuccess } from '../lib/toast';
import { App } from './App';
import { AppProviders } from './providers';
import { createRouter } from './router';
import { wireApi } from './startup';

const queryClient = createQueryClient({ error: toastError, success: toastSuccess });
const router = createRouter();
wireApi(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <App router={router} />
    </AppProviders>
  </StrictMode>,
);
