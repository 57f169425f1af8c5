import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadApiConfig } from './config/apiConfig';

const root = createRoot(document.getElementById('root') as HTMLElement);

void loadApiConfig({ envApiUrl: import.meta.env.VITE_API_URL, base: window.location.href }).then((config) => {
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
});
