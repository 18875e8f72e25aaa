// The language menu in every page's header switches as soon as a language is picked.
// A file rather than an inline onchange="…": the Content-Security-Policy runs scripts from
// this origin only (config/settings.py). Without JavaScript the <noscript> button submits.
for (const menu of document.querySelectorAll("form.language select")) {
  menu.addEventListener("change", () => menu.form.submit());
}
