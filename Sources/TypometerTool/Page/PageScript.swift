/// `page.js`, the script of the page `typometer page` writes: it loads
/// `feed.json`, waits for the declared faces, takes the layout of the
/// reader's screen (the nearest device pixel ratio it has frames for,
/// switching when the ratio changes) and keeps in the DOM only the cards
/// whose frames meet the viewport widened by the overscan, found with the
/// masonry visibility index's own query over its exported buckets
/// (``VisibilityIndex/Buckets``). Cards sit at Typometer's frames and never
/// move; scrolling adds and removes whole cards.
enum PageScript {
    static let fileName = "page.js"

    static let source = #"""
// Written by `typometer page`: a virtualized masonry feed laid out from
// Typometer's frames (feed.json), one layout per screen (device pixel ratio)
// it was written for. The page takes the layout of window.devicePixelRatio
// (the nearest one it has, and says so, when it has none for it) and
// switches when the ratio changes (zoom, a window moved to another screen),
// keeping the card at the top of the viewport in place. Only the cards that
// meet the viewport, widened by feed.overscan px above and below, are in the
// DOM; they are found with the same bucket query as Typometer's
// VisibilityIndex.
'use strict';
(async function () {
  const root = document.documentElement;
  const feedElement = document.getElementById('feed');
  const status = document.getElementById('status');
  function fail(message) {
    root.dataset.tmError = message;
    status.textContent = 'Error: ' + message;
    throw new Error(message);
  }

  let feed;
  try {
    const response = await fetch('feed.json');
    if (!response.ok) fail('feed.json: HTTP ' + response.status);
    feed = await response.json();
  } catch (error) {
    fail('cannot read feed.json (' + error + '); serve the directory over HTTP, ' +
         'e.g. python3 -m http.server --directory DIR');
  }

  // Every declared face, loaded before any card is drawn, so no text is
  // laid out in a stand-in face and then moves. A face declared for a
  // unicode-range loads only for a character of it: each names one.
  for (const face of feed.faces) {
    const font = face.style + ' ' + face.weight + ' 16px ' + face.family;
    try {
      const loaded = await document.fonts.load(font, face.sample);
      if (!loaded.length) fail('no @font-face matches ' + font);
    } catch (error) {
      fail('font ' + face.file + ' did not load: ' + error);
    }
  }

  const cards = feed.cards;
  const count = cards.length;
  const ratios = feed.device_pixel_ratios;
  const lefts = new Float64Array(count);
  const tops = new Float64Array(count);
  const heights = new Float64Array(count);
  let screen = -1, index = null, bucketCount = 0, inverseHeight = 0;

  // The layout of the nearest ratio the page has frames for.
  function nearestScreen(ratio) {
    let best = 0;
    for (let s = 1; s < ratios.length; s++) {
      if (Math.abs(ratios[s] - ratio) < Math.abs(ratios[best] - ratio)) best = s;
    }
    return best;
  }
  let ratio = window.devicePixelRatio;
  function useScreen(s) {
    screen = s;
    ratio = window.devicePixelRatio;
    for (let i = 0; i < count; i++) {
      lefts[i] = cards[i].x[s];
      tops[i] = cards[i].y[s];
      heights[i] = cards[i].height[s];
    }
    const layout = feed.layouts[s];
    index = layout.index;
    bucketCount = index ? index.starts.length - 1 : 0;
    inverseHeight = index && index.bucket_height !== null ? 1 / index.bucket_height : 0;
    feedElement.style.height = layout.content_height + 'px';
    const exact = Math.abs(ratios[s] - ratio) < 1e-6;
    root.dataset.tmRatio = String(ratios[s]);
    status.textContent = exact ? 'frames for device pixel ratio ' + ratios[s]
      : 'device pixel ratio ' + Math.round(ratio * 1000) / 1000 + ': no frames for it, showing those of ' + ratios[s];
  }

  // VisibilityIndex's query (TypometerLayout), over its buckets.
  function bucket(y) {
    const position = (y - index.origin) * inverseHeight;
    if (!(position > 0)) return 0;
    if (position >= bucketCount - 1) return bucketCount - 1;
    return Math.trunc(position);
  }
  function visibleItems(minY, maxY, overscan) {
    const result = [];
    const padding = overscan > 0 ? overscan : 0;
    const top = minY - padding, bottom = maxY + padding;
    if (!(top < bottom) || !index) return result;
    function consider(item, low, high) {
      if (low < bottom && (high > top || low >= top)) result.push(item);
    }
    const first = bucket(top), last = bucket(bottom);
    for (let b = first; b <= last; b++) {
      for (let entry = index.starts[b]; entry < index.starts[b + 1]; entry++) {
        const item = index.items[entry];
        const y = tops[item], h = heights[item];
        const low = h >= 0 ? y : y + h, high = h >= 0 ? y + h : y;
        if (b !== first && bucket(low) !== b) continue;
        consider(item, low, high);
      }
    }
    for (const item of index.oversized) {
      const y = tops[item], h = heights[item];
      consider(item, Math.min(y, y + h), Math.max(y, y + h));
    }
    return result;
  }

  function makeCard(i) {
    const card = cards[i];
    const element = document.createElement('article');
    element.className = 'tm-card';
    element.dataset.id = card.id;
    element.dataset.index = String(i);
    element.dataset.textHeight = String(card.text_height[screen]);
    element.style.left = lefts[i] + 'px';
    element.style.top = tops[i] + 'px';
    element.style.width = card.width + 'px';
    element.style.height = heights[i] + 'px';
    if (card.image_height > 0) {
      const image = document.createElement('div');
      image.className = 'tm-image';
      image.style.height = card.image_height + 'px';
      image.style.background = 'hsl(' + ((i * 47) % 360) + ', 45%, 82%)';
      element.appendChild(image);
    }
    const text = document.createElement('div');
    text.className = 'tm-text';
    const limit = card.line_limit !== undefined ? card.line_limit : feed.line_limit;
    if (limit) {
      text.classList.add('tm-clamp');
      text.style.webkitLineClamp = String(limit);
    }
    if (card.lang) text.lang = card.lang;
    if (card.style) for (const name in card.style) text.style.setProperty(name, card.style[name]);
    text.textContent = card.text;
    element.appendChild(text);
    if (card.chrome_height > 0) {
      const chrome = document.createElement('div');
      chrome.className = 'tm-chrome';
      chrome.style.height = card.chrome_height + 'px';
      chrome.textContent = String(card.id);
      element.appendChild(chrome);
    }
    return element;
  }

  const shown = new Map();  // item index -> element
  const feedTop = feedElement.getBoundingClientRect().top + window.scrollY;
  function render() {
    const minY = window.scrollY - feedTop;
    const wanted = visibleItems(minY, minY + window.innerHeight, feed.overscan);
    const keep = new Set(wanted);
    for (const [i, element] of shown) {
      if (!keep.has(i)) { element.remove(); shown.delete(i); }
    }
    for (const i of wanted) {
      if (!shown.has(i)) {
        const element = makeCard(i);
        shown.set(i, element);
        feedElement.appendChild(element);
      }
    }
  }

  // A new ratio: the frames of its screen, the card at the top of the
  // viewport kept where it was on the screen.
  function switchScreen() {
    const next = nearestScreen(window.devicePixelRatio);
    const minY = window.scrollY - feedTop;
    let anchor = -1;
    for (const i of shown.keys()) {
      if (tops[i] + heights[i] > minY && (anchor < 0 || tops[i] < tops[anchor])) anchor = i;
    }
    const offset = anchor >= 0 ? tops[anchor] - minY : 0;
    useScreen(next);
    for (const element of shown.values()) element.remove();
    shown.clear();
    if (anchor >= 0) window.scrollTo(window.scrollX, feedTop + tops[anchor] - offset);
    render();
  }
  // The ratio changes with a resize event on zoom, and with a change of
  // the resolution media query when a window moves to another screen.
  function ratioChanged() {
    if (window.devicePixelRatio !== ratio) switchScreen();
  }
  function watchRatio() {
    matchMedia('(resolution: ' + window.devicePixelRatio + 'dppx)').addEventListener('change', () => {
      ratioChanged();
      watchRatio();
    }, { once: true });
  }

  useScreen(nearestScreen(window.devicePixelRatio));
  window.typometerPage = { feed, visibleItems, render, feedTop, screen: () => screen };
  window.addEventListener('scroll', render, { passive: true });
  window.addEventListener('resize', () => { ratioChanged(); render(); });
  watchRatio();
  render();
  root.dataset.tmReady = 'true';
})();
"""#
}
