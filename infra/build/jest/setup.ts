import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';

// jsdom lacks matchMedia, which antd's responsive helpers call on render.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom does not expose the encoding API that every browser has.
if (typeof globalThis.TextDecoder === 'undefined') {
  Object.assign(globalThis, { TextDecoder: NodeTextDecoder, TextEncoder: NodeTextEncoder });
}

// antd measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'); jsdom does not do
// pseudo-elements and logs an error for each call, so measure the element itself.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// antd injects its CSS-in-JS rules as <style> tags; jsdom re-reads every rule on each
// getComputedStyle, which user-event calls for every click and tab, making antd screens take
// seconds per action. The tests assert behaviour, not looks: keep those tags out of the document.
const styleSink = document.createElement('div');
const head = document.head;
const insertIntoHead = head.insertBefore.bind(head);
const appendToHead = head.appendChild.bind(head);
head.insertBefore = <T extends Node>(node: T, child: Node | null): T => (node instanceof HTMLStyleElement ? styleSink.appendChild(node) : insertIntoHead(node, child));
head.appendChild = <T extends Node>(node: T): T => (node instanceof HTMLStyleElement ? styleSink.appendChild(node) : appendToHead(node));
const removeFromHead = head.removeChild.bind(head);
head.removeChild = <T extends Node>(node: T): T => (node.parentNode === styleSink ? styleSink.removeChild(node) : removeFromHead(node));

// jsdom has no object URLs (image previews of picked files); a browser's are opaque strings too.
if (typeof URL.createObjectURL !== 'function') {
  let next = 0;
  Object.assign(URL, { createObjectURL: () => `blob:jsdom/${(next += 1)}`, revokeObjectURL: () => undefined });
}

// waitFor/findBy give up after 1 s by default; an antd table of 100 rows takes longer than that to
// render when the 2-core machine also runs the API suites (seen twice in one run), and a file's
// first ProTable took over 5 s beside the browser tests. The assertions are the same, only their
// patience is.
configure({ asyncUtilTimeout: 15_000 });
