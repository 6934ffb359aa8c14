/* Web Push for the service worker (imported by the generated worker, see vite.config.ts): shows
 * the notification the server sent (issue 22: the morning digest, urgent alerts) and opens the
 * task's page on tap. Only paths of this site are opened. */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/today";
  event.waitUntil(
    self.registration.showNotification(data.title || "FlockKeeper", {
      body: data.body || "",
      tag: data.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || "/today";
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => w.url === url);
      if (same) return same.focus();
      const any = windows.find((w) => "navigate" in w);
      if (any) return any.navigate(url).then((w) => (w ? w.focus() : undefined));
      return self.clients.openWindow(url);
    }),
  );
});
