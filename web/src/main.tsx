import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { adoptTokenFromAddress } from './api/adopt';
import 'antd/dist/antd.css';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void initI18n()
  .then(() => adoptTokenFromAddress())
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
