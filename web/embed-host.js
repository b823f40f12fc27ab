// For a page that embeds the widget in an <iframe>: sizes each such iframe to the height
// its widget reports, and tells it the page's colours around the iframe, so that a widget
// of theme "auto" in it looks as the element would on this page (it followed the reader's
// system alone: dark in a white page). Include once:
// <script type="module" src=".../embed-host.js"></script>
//
// Only the widget's own frames are sized, and only by a message from the widget's origin:
// any other frame on the page (an ad, a video) can post the same message, and must not be
// able to make itself 5,000 px tall. The widget's origin and embed page are where this
// script itself was loaded from.
import { pageColours } from "./page-colours.js";

const EMBED = new URL("./embed.html", import.meta.url);
// The tallest a widget's frame is made: past any widget (lesson 003's on a phone, its
// numbers and panels open, is about 10,000 px; a cap of 5,000 cut it, scrolling inside the
// frame), short of a height no page can lay out.
const MOST_HEIGHT = 50_000;

/** Whether `frame` shows the widget's embed page (whatever its settings in the query). */
function isWidgetFrame(frame) {
  try {
    const src = new URL(frame.src, document.baseURI);
    return src.origin === EMBED.origin && src.pathname === EMBED.pathname;
  } catch {
    return false;
  }
}

// What each frame was last told: it is told again only when they change.
const sent = new WeakMap();

/** Sends the page's colours around `frame` into it (embed.js gives them to its page). */
function sendColours(frame) {
  const colours = pageColours(frame);
  const key = `${colours.scheme}|${colours.background}`;
  if (sent.get(frame) === key) return;
  sent.set(frame, key);
  frame.contentWindow?.postMessage({ type: "bill-widget:page-colours", ...colours }, EMBED.origin);
}

// Outside a browser (server rendering) there are no frames to size.
if (globalThis.window && globalThis.document) {
  // The frames told the page's colours, each once it has spoken (its widget is there to
  // hear them), and again whenever the page's theme changes: a site's switch sets a class,
  // a data- attribute or a style on an element around the frame (<html>, <body>, a
  // wrapper), or changes its color-scheme <meta>; "auto" follows the system too. Only the
  // frames' ancestors are watched: a page animating its other elements' styles must not
  // have every frame read its colours at each frame of the animation.
  const told = new WeakSet();
  const tellAll = () => {
    for (const frame of document.querySelectorAll("iframe")) if (told.has(frame)) sendColours(frame);
  };
  const changed = new MutationObserver(tellAll);
  if (document.head) changed.observe(document.head, { childList: true, subtree: true, attributes: true });
  const watch = (frame) => {
    for (let el = frame.parentElement; el; el = el.parentElement) changed.observe(el, { attributes: true });
  };
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", tellAll);
  window.addEventListener("message", (event) => {
    if (event.origin !== EMBED.origin) return;
    const data = event.data;
    if (!data || data.type !== "bill-widget:height" || !Number.isFinite(data.height)) return;
    for (const frame of document.querySelectorAll("iframe")) {
      if (frame.contentWindow === event.source && isWidgetFrame(frame)) {
        frame.height = String(Math.max(100, Math.min(MOST_HEIGHT, Math.round(data.height))));
        // A frame's first report (at each load of its page) asks for the colours anew.
        if (data.first) sent.delete(frame);
        if (!told.has(frame)) watch(frame);
        told.add(frame);
        sendColours(frame);
      }
    }
  });
}
