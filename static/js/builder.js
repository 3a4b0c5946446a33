/* The builder and shared-list pages. Every page works without this file (each change is then a form
   post and a new page); it adds: focus kept where it was after a change, "/" to search, copy buttons,
   the print button, the private edit link's token read from the URL fragment, and the unsaved draft
   kept in this browser so a closed tab does not lose it. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  /* ---- the private edit link: /lists/<id>/edit/#token=… --------------------------------------- */
  /* The token is in the fragment, which browsers never send to a server. Post it once, with the CSRF
     token, and take it out of the address bar and the history. */
  ready(function () {
    var form = document.getElementById("edit-token-form");
    var match = /(?:^#|&)token=([A-Za-z0-9_-]{8,100})/.exec(window.location.hash);
    if (!form || !match) return;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    form.querySelector("input[name=token]").value = match[1];
    form.submit();
  });

  /* ---- copy and print buttons ------------------------------------------------------------------ */
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (button) {
      var field = document.getElementById(button.getAttribute("data-copy"));
      if (!field) return;
      var text = field.value !== undefined ? field.value : field.textContent;
      var done = function () {
        button.dataset.label = button.dataset.label || button.textContent;
        button.textContent = "✓";
        setTimeout(function () { button.textContent = button.dataset.label; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { field.select(); });
      } else {
        field.select();
        try { document.execCommand("copy"); done(); } catch (e) { /* the text stays selected */ }
      }
      return;
    }
    if (event.target.closest("[data-print]")) window.print();
  });

  /* ---- the builder ----------------------------------------------------------------------------- */
  ready(function () {
    var builder = document.getElementById("builder");
    if (!builder) return;
    var game = builder.getAttribute("data-game");
    var key = "muster-draft-" + game;
    var lastFocus = null;

    /* "/" jumps to the catalogue search (unless typing somewhere). */
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var tag = (document.activeElement && document.activeElement.tagName) || "";
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return;
      var search = document.getElementById("id_c-search");
      if (search) { event.preventDefault(); search.focus(); }
    });

    /* Keep focus where it was: htmx restores it by id; when the element is gone (a removed entry),
       focus the list's heading so keyboard users are not thrown to the top of the page. */
    document.body.addEventListener("htmx:beforeRequest", function () {
      lastFocus = document.activeElement && document.activeElement.id;
    });
    document.body.addEventListener("htmx:afterSettle", function () {
      var active = document.activeElement;
      if (active && active !== document.body) return;
      var again = lastFocus && document.getElementById(lastFocus);
      (again || document.getElementById("list-h") || document.body).focus();
    });

    /* The unsaved draft is kept in this browser (localStorage), never sent anywhere else. */
    function documentField() { return builder.querySelector("input[name=document]"); }
    function hasCards(doc) {
      return ["entries", "orders", "commanders"].some(function (k) { return doc[k] && doc[k].length; }) ||
        (doc.plan && doc.plan.entries && doc.plan.entries.length);
    }
    function keep() {
      if (builder.hasAttribute("data-saved")) return;
      var field = documentField();
      try {
        var doc = JSON.parse(field.value);
        if (hasCards(doc)) localStorage.setItem(key, field.value); else localStorage.removeItem(key);
      } catch (e) { /* storage full or off: nothing to keep */ }
    }
    document.body.addEventListener("htmx:afterSettle", keep);
    builder.addEventListener("click", function (event) {
      if (event.target.closest("#new-list")) { try { localStorage.removeItem(key); } catch (e) { /* ignore */ } }
    });
    if (builder.hasAttribute("data-saved")) {
      try { localStorage.removeItem(key); } catch (e) { /* ignore */ }
    } else {
      var stored = null;
      try { stored = localStorage.getItem(key); } catch (e) { stored = null; }
      var current = documentField();
      var restore = document.getElementById("restore-draft");
      if (stored && restore && current) {
        try {
          if (!hasCards(JSON.parse(current.value)) && hasCards(JSON.parse(stored))) {
            restore.parentNode.hidden = false;
            restore.addEventListener("click", function () {
              documentField().value = stored;
              restore.parentNode.hidden = true;
              var update = builder.querySelector("button[value=update]");
              if (builder.requestSubmit) builder.requestSubmit(update); else update.click();
            });
          }
        } catch (e) { /* a damaged draft: ignore it */ }
      }
    }
  });
})();
