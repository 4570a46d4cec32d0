/** The browser vendors' push services: Chrome/Edge (FCM, WNS), Firefox (autopush), Safari (Apple). */
export const defaultPushHosts = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.notify.windows.com",
  "web.push.apple.com",
  "*.push.apple.com",
];
