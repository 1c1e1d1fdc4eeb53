import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// StrictMode: in a development build React renders twice and mounts, unmounts and mounts every effect again,
// which the embed must survive with one iframe and one session.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
