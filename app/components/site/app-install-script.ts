/**
 * "Install" where the browser can install the site as an app (issue 33, decision 059). An
 * inline script in <head>, beside the app banner's (app-banner-dismissal.ts), so that it works
 * from the first paint and on pages that ship no JavaScript. It marks <html> with what works
 * on this device, and app.css shows the matching offer:
 * - `prompt`: Chromium offered its install prompt (beforeinstallprompt): "Install" opens it;
 * - `ios`: iPhone or iPad, where Safari's Share menu has "Add to Home Screen": the steps;
 * - `other`: the browser's menu (Firefox, desktop Safari), or the store links if any;
 * - `installed`: running as the installed app (display-mode standalone): no offer at all.
 * A click on any `[data-app-install]` link opens the browser's prompt when there is one;
 * otherwise the link goes on to the steps (#app-install, shown by :target without script).
 */
const mark = JSON.stringify('data-app-install');

export const appInstallScript =
  `(function(){var d=document,h=d.documentElement,w=window,n=navigator,p=null;` +
  `function set(v){h.setAttribute(${mark},v)}` +
  `var sa=(w.matchMedia&&w.matchMedia("(display-mode: standalone)").matches)||n.standalone===true;` +
  `var ios=/iPhone|iPad|iPod/.test(n.userAgent)||(n.platform==="MacIntel"&&n.maxTouchPoints>1);` +
  `set(sa?"installed":ios?"ios":"other");` +
  `w.addEventListener("beforeinstallprompt",function(e){e.preventDefault();p=e;if(!sa)set("prompt")});` +
  `w.addEventListener("appinstalled",function(){p=null;set("installed")});` +
  `d.addEventListener("click",function(e){var t=e.target;` +
  `if(!p||!t||!t.closest||!t.closest("[data-app-install]"))return;e.preventDefault();var q=p;p=null;` +
  `q.prompt();q.userChoice.then(function(c){set(c.outcome==="accepted"?"installed":"other")})})})()`;
