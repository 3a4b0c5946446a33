/* Catalogue pages: keep shared URLs short by leaving empty filters out of htmx requests. */
document.addEventListener("htmx:configRequest", function (event) {
  var form = event.detail.formData;
  if (event.detail.verb !== "get" || !form) return;
  Array.from(new Set(form.keys())).forEach(function (key) {
    if (form.getAll(key).every(function (v) { return v === ""; })) form.delete(key);
  });
});
