// Runs this remote on its own page for development (`webpack --env standalone`); in production the
// shell renders the exposed pages inside its own providers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@kcf/ui';
import { createQueryClient } from '@kcf/web-kit';
import '@kcf/ui/styles.css';
import BeneficiariesPage from './exposes/BeneficiariesPage';
import BeneficiaryDetailPage from './exposes/BeneficiaryDetailPage';
import GiftsPage from './exposes/GiftsPage';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <BrowserRouter>
          <main className="kcf-content">
            <Routes>
              <Route path="/beneficiaries" element={<BeneficiariesPage />} />
              <Route path="/beneficiaries/:id" element={<BeneficiaryDetailPage />} />
              <Route path="/gifts" element={<GiftsPage />} />
              <Route
                path="*"
                element={
                  <ul>
                    <li>
                      <Link to="/beneficiaries">BeneficiariesPage</Link>
                    </li>
                    <li>
                      <Link to="/beneficiaries/example">BeneficiaryDetailPage</Link>
                    </li>
                    <li>
                      <Link to="/gifts">GiftsPage</Link>
                    </li>
                  </ul>
                }
              />
            </Routes>
          </main>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
