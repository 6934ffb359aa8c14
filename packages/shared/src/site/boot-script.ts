// The loader of a prerendered page (apps/web/vite/prerender-plugin.ts writes it inline; the
// server's Content-Security-Policy allows exactly this text by its hash, plugins/security.ts).
//
// Why: a prerendered page is already readable from its HTML and inlined CSS; its scripts only
// hydrate it. Fetched from the HTML's own tags, 30-odd module chunks and the whole stylesheet start
// downloading before the first paint and, on a slow phone connection, share its bandwidth and its
// six connections with the hero image. So the page paints first and then loads its code: the
// loader adds the module preloads, the deferred stylesheet and the entry script from the task
// after the first frame, in insertions of BATCH elements, each in a task of its own. Each element
// starts a request (~0.3 ms of a fast host's main thread); the 30-odd of a page in one task were
// Lighthouse's longest task after the first paint (~10-15 ms of thread time, several times that
// on a busy phone), in batches none is long. A hidden tab paints no frame, so a timer starts
// them after one second at most.
//
// A tap on a button before the app listens would be lost (the page shows buttons well before its
// code has run), so from the start the loader holds such taps: `window.fkEarlyClicks` keeps the
// tapped controls, and the app takes them over and replays them once React listens
// (apps/web/src/lib/early-clicks.ts). Links and form fields work without JavaScript and are left
// alone.
//
// It reads what to load from its own data attributes, so its text (and hash) is the same on every
// page and every build. Plain ES5, no template literals: it runs before any module.

/** The controls whose early taps are held: buttons, outside links. */
export const HELD_CONTROLS = "button, [role='button'], summary";

/** How many elements the loader inserts per task. */
export const BATCH = 8;

/** The inline script's text, exactly as written into the page and hashed for the CSP. */
export const BOOT_SCRIPT =
  "(function(s){var d=document,h=d.head,t=s.dataset,done=0,held=[];" +
  "function hold(e){var c=e.target&&e.target.closest&&e.target.closest(" +
  JSON.stringify(HELD_CONTROLS) +
  ');if(!c||c.closest("a[href]"))return;e.preventDefault();e.stopImmediatePropagation();' +
  "if(held.indexOf(c)<0)held.push(c)}" +
  'd.addEventListener("click",hold,true);window.fkEarlyClicks={held:held,hold:hold};' +
  "function add(f,tag,attrs){var e=d.createElement(tag);for(var k in attrs)e.setAttribute(k,attrs[k]);f.appendChild(e)}" +
  "function go(){if(done)return;done=1;var q=[];" +
  '(t.preload||"").split(" ").forEach(function(u){if(u)q.push(["link",{rel:"modulepreload",crossorigin:"",href:u}])});' +
  'if(t.css)q.push(["link",{rel:"stylesheet",crossorigin:"",href:t.css,media:"print","data-deferred-css":""}]);' +
  'q.push(["script",{type:"module",crossorigin:"",src:t.entry}]);' +
  "(function next(){var f=d.createDocumentFragment();q.splice(0," +
  String(BATCH) +
  ").forEach(function(x){add(f,x[0],x[1])});h.appendChild(f);if(q.length)setTimeout(next)})()}" +
  "requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})(document.currentScript)";

/** What a page's loader loads, as data attributes of its script element. */
export type BootTargets = { entry: string; preload: string[]; css?: string };

const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The `<script>` element of a prerendered page's loader. */
export function bootScriptTag({ entry, preload, css }: BootTargets): string {
  const data = [
    `data-entry="${attr(entry)}"`,
    `data-preload="${attr(preload.join(" "))}"`,
    ...(css ? [`data-css="${attr(css)}"`] : []),
  ];
  return `<script ${data.join(" ")}>${BOOT_SCRIPT}</script>`;
}
