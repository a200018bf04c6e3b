import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { screenFor } from './app/screens';
import './app/styles.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

// The page's own screen first, then the first render: no loading state on arrival.
const opening = screenFor(window.location.pathname);
if (opening) opening.preload().then(render, render);
else render();
