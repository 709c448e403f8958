import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { adoptTokenFromAddress } from './api/adopt';
import { hasToken } from './api/token';
import { createQueryClient } from './app/queryClient';
import { prefetchSession } from './app/access/session';
import 'antd/dist/antd.css';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void initI18n()
  .then(() => adoptTokenFromAddress())
  .then(() => {
    const queryClient = createQueryClient();
    // A signed-in visit asks who it is now, not once React has drawn its first frame and the router asks.
    if (hasToken()) prefetchSession(queryClient);
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
