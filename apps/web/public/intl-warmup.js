// Loads the browser's ICU locale data (shared by every thread of the page's process) off the
// main thread: the first Intl call of a page costs 15-60 ms on this project's test VM, several
// times that on a slow phone. See src/lib/intl-warmup.ts.
var locales =
  self.navigator && self.navigator.languages && self.navigator.languages.length
    ? self.navigator.languages
    : undefined;
new Intl.DateTimeFormat(locales, {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
}).format(0);
new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
}).format(0);
new Intl.NumberFormat(locales).format(1234.5);
postMessage("ready");
