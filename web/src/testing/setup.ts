import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no modal dialogs: here showModal/close only toggle `open`, which is all the
// components rely on (focus and backdrop clicks are checked in the browser tests).
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// Vitest runs without globals, so testing-library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
