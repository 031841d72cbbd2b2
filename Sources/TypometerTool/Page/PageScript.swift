/// `page.js`, the script of the page `typometer page` writes: it loads
/// `feed.json`, waits for the declared faces, and keeps in the DOM only the
/// cards whose frames meet the viewport widened by the overscan, found with
/// the masonry visibility index's own query over its exported buckets
/// (``VisibilityIndex/Buckets``). Cards sit at Typometer's frames
/// and never move; scrolling adds and removes whole cards.
enum PageScript {
    static let fileName = "page.js"

    static let source = #"""
// Written by `typometer page`: a virtualized masonry feed laid out from
// Typometer's frames (feed.json). Only the cards that meet the viewport,
// widened by feed.overscan px above and below, are in the DOM; they are
// found with the same bucket query as Typometer's VisibilityIndex.
'use strict';
(async function () {
  const root = document.documentElement;
  const feedElement = document.getElementById('feed');
  function fail(message) {
    root.dataset.tmError = message;
    document.getElementById('status').textContent = 'Error: ' + message;
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
  // laid out in a stand-in face and then moves.
  for (const face of feed.faces) {
    const font = face.style + ' ' + face.weight + ' 16px ' + face.family;
    try {
      const loaded = await document.fonts.load(font);
      if (!loaded.length) fail('no @font-face matches ' + font);
    } catch (error) {
      fail('font ' + face.file + ' did not load: ' + error);
    }
  }

  const cards = feed.cards;
  const count = cards.length;
  const tops = new Float64Array(count);
  const heights = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    tops[i] = cards[i].frame.y;
    heights[i] = cards[i].frame.height;
  }

  // VisibilityIndex's query (TypometerLayout), over its buckets.
  const index = feed.index;
  const bucketCount = index ? index.starts.length - 1 : 0;
  const inverseHeight = index && index.bucket_height !== null ? 1 / index.bucket_height : 0;
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
    element.dataset.textHeight = String(card.text_height);
    const frame = card.frame;
    element.style.left = frame.x + 'px';
    element.style.top = frame.y + 'px';
    element.style.width = frame.width + 'px';
    element.style.height = frame.height + 'px';
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

  window.typometerPage = { feed, visibleItems, render, feedTop };
  window.addEventListener('scroll', render, { passive: true });
  window.addEventListener('resize', render);
  render();
  root.dataset.tmReady = 'true';
})();
"""#
}
