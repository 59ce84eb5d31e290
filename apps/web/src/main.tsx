import '@mantine/core/styles.css';
import './app.css';
import './lib/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router.tsx';
import { openSealedStorage } from './lib/session-storage.ts';
import { storageKeyOfPage } from './lib/storage-crypto.ts';

const container = document.getElementById('root');
// What the back-office keeps in browser storage is decrypted first (decision 017).
void openSealedStorage(storageKeyOfPage()).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
});
