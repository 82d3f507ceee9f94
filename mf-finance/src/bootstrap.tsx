// Runs this remote on its own page for development (`webpack --env standalone`); in production the
// shell renders the exposed pages inside its own providers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@kcf/ui';
import { createQueryClient } from '@kcf/web-kit';
import '@kcf/ui/styles.css';
import FinancesPage from './exposes/FinancesPage';
import BudgetPage from './exposes/BudgetPage';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <BrowserRouter>
          <main className="kcf-content">
            <Routes>
              <Route path="/finances" element={<FinancesPage />} />
              <Route path="/budget" element={<BudgetPage />} />
              <Route
                path="*"
                element={
                  <ul>
                    <li>
                      <Link to="/finances">FinancesPage</Link>
                    </li>
                    <li>
                      <Link to="/budget">BudgetPage</Link>
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
