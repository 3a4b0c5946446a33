/* Catalogue pages. Everything works without this file; it only makes them nicer to use. */

/* Keep shared URLs short: leave empty filters out of htmx requests. */
document.addEventListener("htmx:configRequest", function (event) {
  var form = event.detail.formData;
  if (event.detail.verb !== "get" || !form) return;
  Array.from(new Set(form.keys())).forEach(function (key) {
    if (form.getAll(key).every(function (v) { return v === ""; })) form.delete(key);
  });
});

/* On a phone, fold the filters away (unless some are in use) so the results come first. */
document.addEventListener("DOMContentLoaded", function () {
  var more = document.querySelector("details.filter-more");
  if (more && window.matchMedia("(max-width: 50rem)").matches && !/\(\d+/.test(more.querySelector("summary").textContent)) {
    more.open = false;
  }
});
