// jsdom lacks a few browser APIs the site uses; these give them their browser behaviour in tests.
require('@testing-library/jest-dom');

// findBy*/waitFor give up after 1 s by default: on a loaded machine a lazy chunk's import and the render
// after it can take longer, and a correct test failed at random (npm run test:soak). A long bound is not
// a timing assertion: a passing wait still ends as soon as its condition holds.
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });

if (typeof globalThis.TextEncoder === 'undefined') {
  // react-router 7 encodes with TextEncoder at import time; jsdom's window lacks it, Node has it.
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal() {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close() {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
// A test file that runs in Node (`@jest-environment node`: code that behaves differently on the server)
// has no window.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    });
  }
  window.scrollTo = () => {};
  if (typeof window.PointerEvent === 'undefined') {
    // jsdom has no PointerEvent; a MouseEvent carries the same coordinates.
    class PointerEvent extends MouseEvent {
      constructor(type, init = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    window.PointerEvent = PointerEvent;
  }
}
