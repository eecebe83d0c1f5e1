import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadScreen } from './App';
import { prefetchUser } from './providers/authProvider';
import { isSessionLive, readSession } from './providers/session';

prefetchUser();
preloadScreen(window.location.hash, isSessionLive(readSession()));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
